/// What one round of `editInRounds` came to: done (saved, or nothing to save), or a merge to open the editor on.
enum EditorRound<State> {
    /// Nothing more to do.
    case finished
    /// Someone saved meanwhile: the editor opens again on this.
    case again(State)
}

/// The loop behind `qwinkle edit` and `qwinkle draft edit`: the editor opens on `text(state)`, `round` judges and sends
/// what comes back, and while the server answers with a merge (someone saved meanwhile) the editor opens again on it,
/// five times at the most before giving up with `keepsChanging`.
func editInRounds<State>(
    from state: State, editor: TextEditor, text: (State) -> String, keepsChanging: String,
    round: (State, String) async throws -> EditorRound<State>
) async throws {
    var state = state
    for _ in 0..<5 {
        switch try await round(state, try await editor.edit(text(state))) {
        case .finished: return
        case .again(let next): state = next
        }
    }
    throw CommandFailure.refused(keepsChanging)
}
