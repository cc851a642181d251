extension Creature {
    /// The creature as a few lines of ASCII art for the terminal, facing right; the lines keep their left edges.
    ///
    /// Plain ASCII, so every terminal gives it the same width. A unicorn's mane shows its colour's initial.
    public var textArt: [String] {
        switch self {
        case .unicorn(let color):
            let mane = color.rawValue.prefix(1)
            return [
                #"      \"#,
                #"  \#(mane)__/o>"#,
                #" ~(___) "#,
                #"  || || "#,
            ]
        case .crusty:
            return [
                #"  .--. "#,
                #" (o-o )"#,
                #"  \==/ "#,
                #" /|##|\"#,
            ]
        case .shark:
            return [
                #"    |\  "#,
                #" >=/  o\"#,
                #"   \__^/"#,
            ]
        case .dragon:
            return [
                #"  /\/\__ "#,
                #" ~<_   o>"#,
                #"   /\ /\ "#,
            ]
        }
    }
}
