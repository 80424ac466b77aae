/// The error for a `lazy var` in a perceptible class.
///
/// A tracked property needs accessors, and Swift allows none on a `lazy` property: it must stay a
/// plain stored property in the source, so `@Observable`'s expansion fails with "'lazy' cannot be
/// used on a computed property" and errors from its generated code. `@Perceptible` leaves such a
/// property alone and says, at the `lazy`, what to write instead.
enum LazyPropertyDiagnostic {
  static func diagnostic(_ member: MemberDeclaration, _ snippet: SyntaxSnippet) -> Diagnostic? {
    guard let lazy = member.modifiers.first(where: { $0.name == "lazy" }) else { return nil }
    let quoted = member.identifier.map { "'\($0)'" } ?? "it"
    return .error(
      "'@\(MacroNames.perceptible)' cannot track a 'lazy' property, because Swift allows no "
        + "accessors on one: mark \(quoted) '@\(MacroNames.ignored)' to keep it lazy and "
        + "untracked, or remove 'lazy' to track it",
      in: snippet, member.source, tokens: lazy.first...lazy.last)
  }
}
