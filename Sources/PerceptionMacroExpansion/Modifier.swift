/// A declaration modifier, such as `public`, `private(set)` or `unowned(unsafe)`.
struct Modifier {
  /// The token index of the modifier's keyword.
  var first: Int
  /// The token index of its last token, the `)` of a detail such as `(set)`.
  var last: Int
  /// The keyword.
  var name: String

  static let keywords: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final",
    "override", "lazy", "weak", "unowned", "nonisolated", "dynamic", "optional", "required",
    "convenience", "mutating", "nonmutating", "indirect", "prefix", "postfix", "infix",
    "distributed", "isolated", "consuming", "borrowing", "__consuming", "_const", "__setter_access",
  ]

  /// The declaration keywords that may follow `class` used as a modifier, as in `class var`.
  static let declarationKeywords: Set<String> = [
    "var", "let", "func", "subscript", "init", "deinit", "typealias",
  ]

  /// The access levels that the storage of a tracked property drops, as `@Observable` does.
  static let accessLevels: Set<String> = [
    "fileprivate", "private", "internal", "package", "public",
  ]

  /// Parses the modifiers that start at `index`, and moves `index` past them.
  static func parseList(_ source: TokenizedSource, from index: inout Int) -> [Modifier] {
    var modifiers: [Modifier] = []
    while index < source.tokens.count, source.tokens[index].kind == .identifier {
      let name = source.text(index)
      guard keywords.contains(name) else { break }
      if name == "class" {
        // `class` is a modifier only before another modifier or a member keyword.
        guard index + 1 < source.tokens.count else { break }
        let next = source.text(index + 1)
        guard keywords.contains(next) || declarationKeywords.contains(next) else { break }
      }
      let first = index
      index += 1
      if source.isToken(index, "("), index + 1 < source.tokens.count,
        source.tokens[index + 1].kind == .identifier, source.isToken(index + 2, ")")
      {
        index += 3
      }
      modifiers.append(Modifier(first: first, last: index - 1, name: name))
    }
    return modifiers
  }
}
