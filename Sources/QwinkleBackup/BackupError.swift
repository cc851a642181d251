/// Why a backup or a restore stopped; each leaves nothing half-made behind it.
public enum BackupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no Qwinkle database in the data folder named.
    case noDatabase(String)
    /// A restore was asked into a folder that already holds something.
    case notEmpty(String)
    /// The archive is not a Qwinkle backup this version can read, or it is damaged.
    case damaged(String)
    /// The restored database failed SQLite's integrity check.
    case integrity(String)

    /// One line for the person who ran the command.
    public var description: String {
        switch self {
        case .noDatabase(let folder): "There is no Qwinkle database (qwinkle.sqlite) in \(folder)."
        case .notEmpty(let folder): "\(folder) is not empty: restore into a new or empty data folder."
        case .damaged(let why): "The backup cannot be used: \(why)."
        case .integrity(let result): "The restored database failed its integrity check: \(result)."
        }
    }
}
