/// An attribute of a declaration, such as `@MainActor` or `@available(iOS 17, *)`.
struct Attribute {
  /// The token index of the `@`.
  var first: Int
  /// The token index of the attribute's last token.
  var last: Int
  /// The attribute's name as written, such as `MainActor` or `Observation.ObservationIgnored`.
  var name: String

  /// Parses the attributes that start at `index`, and moves `index` past them.
  static func parseList(_ source: TokenizedSource, from index: inout Int) -> [Attribute] {
    var attributes: [Attribute] = []
    while source.isToken(index, "@"), index + 1 < source.tokens.count,
      source.tokens[index + 1].kind == .identifier
    {
      let first = index
      var name = source.text(index + 1)
      index += 2
      while source.isToken(index, "."), index + 1 < source.tokens.count,
        source.tokens[index + 1].kind == .identifier,
        source.tokens[index - 1].end == source.tokens[index].start
      {
        name += "." + source.text(index + 1)
        index += 2
      }
      // Arguments belong to the attribute only when no trivia separates them from its name.
      if source.isToken(index, "("), source.tokens[index - 1].end == source.tokens[index].start {
        index = source.matchingClose(index) + 1
      }
      attributes.append(Attribute(first: first, last: index - 1, name: name))
    }
    return attributes
  }
}
