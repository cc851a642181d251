extension LoginSession {
    /// The `User-Agent` of the `qwinkle` command.
    public static let commandClient = "qwinkle-cli"
    /// The `User-Agent` of the terminal app, `qwinkle app`.
    public static let terminalAppClient = "qwinkle-app"

    /// The client as a person recognises it: "Firefox on Linux", "the qwinkle command", rather than a whole
    /// `User-Agent` line.
    public var clientName: String {
        let agent = client
        if agent.isEmpty { return "An unnamed client" }
        if agent.hasPrefix(Self.commandClient) { return "The qwinkle command" }
        if agent.hasPrefix(Self.terminalAppClient) { return "The Qwinkle terminal app" }
        // Each browser names the engines it resembles too, so the most specific token is looked for first.
        let browsers = [("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
        let systems = [
            ("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"), ("Mac OS X", "macOS"),
            ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        guard let browser = browsers.first(where: { agent.contains($0.0) })?.1 else { return String(agent.prefix(60)) }
        guard let system = systems.first(where: { agent.contains($0.0) })?.1 else { return browser }
        return "\(browser) on \(system)"
    }
}
