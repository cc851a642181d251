/// Addresses another server gives that a page may link to.
public enum WebAddress {
    /// Whether `url` is a web address (http or https): anything else in an `href` (`javascript:`, `data:`) could
    /// run in a reader's page, so what other servers send is linked to only when this holds.
    public static func isWeb(_ url: String) -> Bool {
        let lowered = url.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }
}
