import Foundation
import QwinkleClient
import Testing

/// Where the offline database and the credentials live, from an environment given to the test.
@Suite struct OfflineXDGDirectoriesTests {
    @Test func withoutXDGVariablesTheFoldersAreUnderHome() throws {
        let directories = try XDGDirectories(environment: ["HOME": "/home/abe"])
        #expect(directories.data.path == "/home/abe/.local/share/qwinkle")
        #expect(directories.config.path == "/home/abe/.config/qwinkle")
    }

    @Test func absoluteXDGVariablesWin() throws {
        let directories = try XDGDirectories(environment: ["HOME": "/home/abe", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/etc/abe"])
        #expect(directories.data.path == "/data/qwinkle")
        #expect(directories.config.path == "/etc/abe/qwinkle")
    }

    @Test func emptyOrRelativeXDGVariablesAreIgnored() throws {
        let directories = try XDGDirectories(environment: ["HOME": "/home/abe", "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "config"])
        #expect(directories.data.path == "/home/abe/.local/share/qwinkle")
        #expect(directories.config.path == "/home/abe/.config/qwinkle")
    }

    @Test func withoutAnyUsableFolderTheErrorSaysWhatToSet() {
        let error = #expect(throws: XDGDirectories.Unresolved.self) { try XDGDirectories(environment: ["HOME": "relative"]) }
        #expect(error?.description == "Cannot tell where Qwinkle keeps its files: set HOME (or XDG_DATA_HOME) to an absolute path.")
    }

    @Test func theStoreIsCreatedInAPrivateDataFolder() throws {
        let bed = try OfflineTestBed()
        let home = bed.folder.appendingPathComponent("home").path
        let directories = try XDGDirectories(environment: ["HOME": home])
        let store = try OfflineStore(directories: directories)

        #expect(store.path == "\(home)/.local/share/qwinkle/offline.sqlite")
        #expect(FileManager.default.fileExists(atPath: store.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: directories.data.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }
}
