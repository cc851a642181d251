import QwinkleKit

/// Decodes the bytes a terminal sends into keys, pastes and mouse events.
///
/// Bytes may arrive split anywhere (in the middle of a UTF-8 character or an escape sequence), so what cannot be
/// decoded yet is kept for the next `feed`. A lone Esc is indistinguishable from the start of a sequence until a
/// little time passes; the reader calls `flush()` when no byte followed it within `escapeTimeout`, and then it is
/// Esc.
public struct InputDecoder: Sendable {
    /// How long the reader waits after an Esc before deciding it was the Esc key: long enough for a sequence's
    /// bytes to follow over ssh, short enough that a person does not notice.
    public static let escapeTimeout: Duration = .milliseconds(25)

    /// Bytes received and not yet decoded.
    private var pending: [UInt8] = []
    /// The text of a bracketed paste in progress, or `nil` outside one.
    private var paste: [UInt8]?

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for more (so the reader should call `flush()` if none come soon).
    public var isWaiting: Bool { !pending.isEmpty || paste != nil }

    /// Decodes what it can of `bytes` after what was pending.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        while let (event, length) = decodeNext(final: false) {
            pending.removeFirst(length)
            if let event { events.append(event) }
        }
        return events
    }

    /// Decodes everything pending now that no more bytes came: a lone Esc is the Esc key, and an incomplete
    /// sequence is taken byte by byte.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        if let text = paste, pending.isEmpty {
            // A paste whose end marker never came: what arrived is still the person's text.
            paste = nil
            return [.paste(String(decoding: text, as: UTF8.self))]
        }
        while !pending.isEmpty {
            if let (event, length) = decodeNext(final: true) {
                pending.removeFirst(length)
                if let event { events.append(event) }
            } else {
                pending.removeFirst()
            }
        }
        return events
    }

    /// The next event and how many bytes it took, a `nil` event for bytes that mean nothing; `nil` when more bytes
    /// are needed (unless `final`, when what is there is decoded as it is).
    private mutating func decodeNext(final: Bool) -> (InputEvent?, Int)? {
        if paste != nil { return decodePaste() }
        guard let first = pending.first else { return nil }
        switch first {
        case 0x1B: return decodeEscape(final: final)
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x09: return (.key(.tab), 1)
        case 0x7F, 0x08: return (.key(.backspace), 1)
        case 0x00: return (.key(.control(" ")), 1)
        case 0x01...0x1A: return (.key(.control(Character(Unicode.Scalar(first + 0x60)))), 1)
        case 0x1C...0x1F: return (nil, 1)
        default: return decodeCharacter(at: 0, final: final).map { character, length in (.key(Key(.character(character))), length) }
        }
    }

    /// A UTF-8 character starting at `offset`: the character and its length, a replacement character for bytes
    /// that are not UTF-8, `nil` when it is incomplete.
    private func decodeCharacter(at offset: Int, final: Bool) -> (Character, Int)? {
        let lead = pending[offset]
        let length: Int
        switch lead {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return ("\u{FFFD}", 1)
        }
        guard pending.count - offset >= length else { return final ? ("\u{FFFD}", pending.count - offset) : nil }
        let bytes = pending[offset..<offset + length]
        guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }), let scalar = String(validating: bytes, as: UTF8.self)?.first else {
            return ("\u{FFFD}", 1)
        }
        return (scalar, length)
    }

    /// What follows an Esc: a CSI or SS3 sequence, Alt with a key, or Esc alone.
    private mutating func decodeEscape(final: Bool) -> (InputEvent?, Int)? {
        guard pending.count > 1 else { return final ? (.key(.escape), 1) : nil }
        switch pending[1] {
        case UInt8(ascii: "["):
            return decodeCSI(final: final)
        case UInt8(ascii: "O"):
            guard pending.count > 2 else { return final ? (.key(Key(.character("O"), modifiers: .alt)), 2) : nil }
            return (ss3Key(pending[2]).map(InputEvent.key), 3)
        case 0x1B:
            return (.key(.escape), 1)
        default:
            // Alt sends Esc before the key it modifies.
            guard let (event, length) = decodeAfterEscape(final: final) else { return nil }
            guard case .key(var key)? = event else { return (event, length + 1) }
            key.modifiers.insert(.alt)
            return (.key(key), length + 1)
        }
    }

    /// The key after an Alt's Esc.
    private func decodeAfterEscape(final: Bool) -> (InputEvent?, Int)? {
        let byte = pending[1]
        switch byte {
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x7F, 0x08: return (.key(.backspace), 1)
        case 0x01...0x1A: return (.key(.control(Character(Unicode.Scalar(byte + 0x60)))), 1)
        default: return decodeCharacter(at: 1, final: final).map { character, length in (.key(Key(.character(character))), length) }
        }
    }

    /// A Control Sequence Introducer sequence: `Esc [`, parameters, a final byte.
    private mutating func decodeCSI(final: Bool) -> (InputEvent?, Int)? {
        guard let end = pending.indices.dropFirst(2).first(where: { (0x40...0x7E).contains(pending[$0]) }) else {
            return final ? (.key(Key(.character("["), modifiers: .alt)), 2) : nil
        }
        let parameters = String(decoding: pending[2..<end], as: UTF8.self)
        let finalByte = pending[end]
        let length = end + 1
        if parameters.hasPrefix("<") { return (mouseEvent(parameters.dropFirst(), release: finalByte == UInt8(ascii: "m")), length) }
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
        let modifiers = Self.modifiers(numbers.count > 1 ? numbers[1] : 1)
        let code: KeyCode?
        switch finalByte {
        case UInt8(ascii: "A"): code = .up
        case UInt8(ascii: "B"): code = .down
        case UInt8(ascii: "C"): code = .right
        case UInt8(ascii: "D"): code = .left
        case UInt8(ascii: "H"): code = .home
        case UInt8(ascii: "F"): code = .end
        case UInt8(ascii: "Z"): return (.key(.backTab), length)
        case UInt8(ascii: "~"):
            if numbers.first == 200 {
                paste = []
                return (nil, length)
            }
            code = Self.tildeKey(numbers.first ?? 0)
        default: code = nil
        }
        return (code.map { .key(Key($0, modifiers: modifiers)) }, length)
    }

    /// The bytes of a bracketed paste up to its end marker, `Esc [ 201 ~`.
    private mutating func decodePaste() -> (InputEvent?, Int)? {
        let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        if let start = pending.firstRange(of: marker) {
            var text = paste ?? []
            text.append(contentsOf: pending[..<start.lowerBound])
            paste = nil
            return (.paste(String(decoding: text, as: UTF8.self)), start.upperBound)
        }
        // Keep the tail that could be the start of the marker; the rest is text.
        let keep = (1..<marker.count).reversed().first { pending.count >= $0 && Array(pending.suffix($0)) == Array(marker.prefix($0)) } ?? 0
        let take = pending.count - keep
        guard take > 0 else { return nil }
        paste?.append(contentsOf: pending.prefix(take))
        return (nil, take)
    }

    /// An SGR mouse report's parameters, `b;x;y`, as an event.
    private func mouseEvent(_ parameters: Substring, release: Bool) -> InputEvent? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        let (button, position) = (numbers[0], CellPoint(column: numbers[1] - 1, row: numbers[2] - 1))
        let kind: MouseEvent.Kind
        if button & 64 != 0 {
            kind = button & 1 == 0 ? .wheelUp : .wheelDown
        } else if button & 32 != 0 {
            kind = .move
        } else {
            kind = release ? .release : .press(button: button & 3)
        }
        return .mouse(MouseEvent(kind, at: position))
    }

    /// The key an SS3 sequence (`Esc O x`) names.
    private func ss3Key(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): Key(.home)
        case UInt8(ascii: "F"): Key(.end)
        case UInt8(ascii: "P")...UInt8(ascii: "S"): Key(.function(Int(byte) - Int(UInt8(ascii: "P")) + 1))
        default: nil
        }
    }

    /// The key a `Esc [ n ~` sequence names (VT220 numbering, which xterm, screen and the Linux console share).
    private static func tildeKey(_ number: Int) -> KeyCode? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    /// The modifiers of an xterm modifier parameter (1 + a bit each for Shift, Alt and Control).
    private static func modifiers(_ parameter: Int) -> KeyModifiers {
        KeyModifiers(rawValue: UInt8(clamping: max(parameter - 1, 0) & 7))
    }
}
