/// The `@available` attributes of a type, as `@Observable` writes them before its extension:
/// with the trivia between them, and with `#if` blocks reduced to the clauses that hold one.
enum AvailabilityAttributes {
  /// The attributes and what separates them from `extension`, or an empty string for none.
  static func prefix(of type: TypeDeclaration) -> String {
    let kept = type.attributes.compactMap { $0.availability(type.source) }
    guard let last = kept.last else { return "" }
    var output = ""
    for attribute in kept {
      render(attribute, type.source, afterHeader: false, into: &output)
    }
    output = TrackedStorageExpansion.trimWhitespace(output)
    // BasicFormat puts a declaration after `#endif` on its own line.
    return output + (last.isConditional ? "\n" : " ")
  }

  private static func render(
    _ attribute: Attribute, _ source: TokenizedSource, afterHeader: Bool, into output: inout String
  ) {
    let tokens = source.tokens
    guard attribute.isConditional else {
      let leading = source.slice(
        tokens[attribute.first].leadingStart, tokens[attribute.first].start)
      // BasicFormat starts an element on its own line after a clause's condition.
      output += afterHeader && !leading.contains("\n") ? "\n" : leading
      output += source.slice(tokens[attribute.first].start, tokens[attribute.last].end)
      return
    }
    for (position, clause) in attribute.clauses.enumerated() {
      if position == 0 {
        // `@Observable` writes a new `#if` token for the first clause it keeps, without trivia.
        output += output.isEmpty ? "#if" : "\n#if"
        if clause.conditionEnd > clause.keyword {
          output +=
            " "
            + source.slice(
              tokens[clause.keyword + 1].start, tokens[clause.conditionEnd].trailingEnd)
        }
      } else {
        output += source.slice(
          tokens[clause.keyword].leadingStart, tokens[clause.conditionEnd].trailingEnd)
      }
      for (index, element) in clause.elements.enumerated() {
        render(element, source, afterHeader: index == 0, into: &output)
      }
    }
    output += source.slice(tokens[attribute.last].leadingStart, tokens[attribute.last].end)
  }
}
