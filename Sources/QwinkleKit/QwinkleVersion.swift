/// The version of Qwinkle this code is: what `qwinkle --version` prints and the server's instance reports,
/// so a person can tell whether their client and their server were built from the same release.
public enum QwinkleVersion {
    /// The release, in semantic-versioning form.
    public static let current = "0.27.0"
}
