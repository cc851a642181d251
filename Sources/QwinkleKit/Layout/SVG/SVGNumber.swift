/// Writes numbers for SVG attributes: at most two decimals, no trailing zeros, no exponent, no "-0".
///
/// Two decimals is a hundredth of a user unit, finer than any screen shows a 500-unit card, and rounding there
/// keeps the output the same on every platform whatever the last bits of a division were.
public enum SVGNumber {
    /// `value` rounded to two decimals, such as `166.67`, `12` or `-3.5`; a value that is not finite gives `0`,
    /// and one beyond ±10¹² (far outside any card) is written as ±10¹².
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((min(max(value, -limit), limit) * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        switch fraction {
        case 0: return sign + String(whole)
        case let tenths where tenths % 10 == 0: return sign + String(whole) + "." + String(tenths / 10)
        default: return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
        }
    }

    private static let limit = 1e12
}
