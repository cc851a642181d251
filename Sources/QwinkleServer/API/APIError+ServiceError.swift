import HTTPTypes
import QwinkleServices

extension APIError {
    /// What a service refused, as the API answers it: the status, code and message every front door shares
    /// (`ServiceError+HTTP`), with the fields at fault and, for a missing sign-in, how to sign in.
    init(_ error: ServiceError) {
        self.init(status: error.httpStatus, code: error.code, message: error.message)
        switch error {
        case .notSignedIn: headers[.wwwAuthenticate] = "Bearer"
        case .invalid(let fields, _): self.fields = fields
        default: break
        }
    }
}
