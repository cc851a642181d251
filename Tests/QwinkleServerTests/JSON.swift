import Foundation

/// A parsed JSON value, for reading responses in tests without a type per shape.
enum JSON: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(data: Data) throws {
        self = try JSONDecoder().decode(JSON.self, from: data)
    }

    subscript(key: String) -> JSON {
        if case .object(let object) = self { object[key] ?? .null } else { .null }
    }

    subscript(index: Int) -> JSON {
        if case .array(let array) = self, array.indices.contains(index) { array[index] } else { .null }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var int: Int? { if case .number(let value) = self { Int(value) } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var array: [JSON] { if case .array(let value) = self { value } else { [] } }
    var keys: Set<String> { if case .object(let object) = self { Set(object.keys) } else { [] } }
    var isNull: Bool { self == .null }

    /// The `id` of each element of an array.
    var ids: [String] { array.compactMap { $0["id"].string } }
}

extension JSON {
    init(from decoder: any Decoder) throws {
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
