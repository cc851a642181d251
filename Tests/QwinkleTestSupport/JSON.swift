import Foundation

/// A parsed JSON value, for reading responses in tests without a type per shape.
public enum JSON: Equatable, Sendable, Decodable {
    /// `null`, and what a missing key or index reads as.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object.
    case object([String: JSON])

    /// Parses `data`, which must be JSON.
    public init(data: Data) throws {
        self = try JSONDecoder().decode(JSON.self, from: data)
    }

    /// An object's value for `key`; null when there is none or this is not an object.
    public subscript(key: String) -> JSON {
        if case .object(let object) = self { object[key] ?? .null } else { .null }
    }

    /// An array's element at `index`; null when there is none or this is not an array.
    public subscript(index: Int) -> JSON {
        if case .array(let array) = self, array.indices.contains(index) { array[index] } else { .null }
    }

    /// The string, if this is one.
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    /// The number as an `Int`, if this is one.
    public var int: Int? { if case .number(let value) = self { Int(value) } else { nil } }
    /// The boolean, if this is one.
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The elements, or none if this is not an array.
    public var array: [JSON] { if case .array(let value) = self { value } else { [] } }
    /// The object's keys, or none if this is not an object.
    public var keys: Set<String> { if case .object(let object) = self { Set(object.keys) } else { [] } }
    /// Whether this is null (or was missing).
    public var isNull: Bool { self == .null }

    /// The `id` of each element of an array.
    public var ids: [String] { array.compactMap { $0["id"].string } }
}

extension JSON {
    /// Decodes whichever JSON value is there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }
}
