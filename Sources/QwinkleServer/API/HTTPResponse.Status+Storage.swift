import HTTPTypes

extension HTTPResponse.Status {
    /// 507 Insufficient Storage (RFC 4918): the disk is full and nothing was saved; HTTPTypes names no such status.
    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
