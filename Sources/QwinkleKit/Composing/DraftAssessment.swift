/// What the length rule says of a draft: the counter's number, and whether the draft may be posted.
///
/// It is derived from the draft every time the draft changes (text, photos or visibility), never patched,
/// so attaching a photo updates the counter at once: 140 left becomes 117.
public struct DraftAssessment: Hashable, Sendable {
    /// The limit for the draft's visibility.
    public let limit: Int
    /// The draft's weighted length, photos included.
    public let weightedLength: Int
    /// What is wrong with the draft; empty when it may be posted.
    public let problems: [DraftProblem]

    /// Judges a draft from its counted parts.
    public init(limit: Int, weightedLength: Int, isEmpty: Bool, photoCount: Int, maxPhotos: Int) {
        self.limit = limit
        self.weightedLength = weightedLength
        var problems: [DraftProblem] = []
        if isEmpty { problems.append(.empty) }
        if weightedLength > limit { problems.append(.tooLong(by: weightedLength - limit)) }
        if photoCount > maxPhotos { problems.append(.tooManyPhotos(maximum: maxPhotos)) }
        self.problems = problems
    }

    /// What the counter shows: characters left, negative when over.
    public var remaining: Int { limit - weightedLength }

    /// Whether the draft may be posted: it has something in it, fits the limit, and has few enough photos.
    public var canPost: Bool { problems.isEmpty }
}

/// Why a draft may not be posted.
public enum DraftProblem: Hashable, Sendable {
    /// No text (or only whitespace) and no photo.
    case empty
    /// Longer than the limit by this many weighted characters.
    case tooLong(by: Int)
    /// More photos than allowed.
    case tooManyPhotos(maximum: Int)

    /// A stable snake_case name for programs.
    public var code: String {
        switch self {
        case .empty: "empty"
        case .tooLong: "too_long"
        case .tooManyPhotos: "too_many_photos"
        }
    }

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .empty: "Write something or attach a photo."
        case .tooLong(let over): "Too long by \(over) character\(over == 1 ? "" : "s")."
        case .tooManyPhotos(let maximum): "An entry can have at most \(maximum) photos."
        }
    }
}
