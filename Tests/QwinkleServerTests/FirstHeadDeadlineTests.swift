import NIOCore
import Testing

@testable import QwinkleServer

/// Where a request head ends, as `FirstHeadDeadline` finds it in the bytes of each read.
@Suite("First request head")
struct FirstHeadDeadlineTests {
    static func ends(tail: String, _ read: String) -> Bool {
        FirstHeadDeadline.endsHead(tail: Array(tail.utf8), ByteBuffer(string: read).readableBytesView)
    }

    @Test("The blank line is found in one read, split across two reads anywhere, and not where there is none")
    func blankLine() {
        #expect(Self.ends(tail: "", "GET / HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(Self.ends(tail: "", "GET / HTTP/1.1\r\n\r\nbody"))
        for split in 1...3 {
            let blank = "\r\n\r\n"
            let head = String(blank.prefix(split))
            let rest = String(blank.dropFirst(split))
            #expect(Self.ends(tail: "x" + head, rest + "more"), "split after \(split) bytes")
        }
        #expect(!Self.ends(tail: "", "GET / HTTP/1.1\r\nHost: a\r\n"))
        #expect(!Self.ends(tail: "\r\n", "Host: a\r\n"))
        #expect(!Self.ends(tail: "", ""))
        #expect(!Self.ends(tail: "a\r", "\n\r"))
    }
}
