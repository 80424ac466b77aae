/// An element of a declaration's attribute list: an attribute, such as `@MainActor` or
/// `@available(iOS 17, *)`, or a `#if` block of attributes.
struct Attribute {
  /// One `#if`, `#elseif` or `#else` clause of a `#if` block of attributes.
  struct Clause {
    /// The token index of `#if`, `#elseif` or `#else`.
    var keyword: Int
    /// The token index of the condition's last token, or `keyword` when there is none.
    var conditionEnd: Int
    /// The attributes of the clause.
    var elements: [Attribute]
  }

  /// The token index of the `@`, or of the `#if`.
  var first: Int
  /// The token index of the attribute's last token, or of the `#endif`.
  var last: Int
  /// The attribute's name as written, such as `MainActor` or `Observation.ObservationIgnored`;
  /// `#if` for a block.
  var name: String
  /// The clauses of a `#if` block; empty for an attribute.
  var clauses: [Clause] = []

  /// Whether this is a `#if` block rather than an attribute.
  var isConditional: Bool { !clauses.isEmpty }

  /// Parses the attributes that start at `index`, and moves `index` past them. A `#if` block
  /// counts as one element when it holds nothing but attributes and ends with `#endif`.
  static func parseList(_ source: TokenizedSource, from index: inout Int) -> [Attribute] {
    var attributes: [Attribute] = []
    while true {
      if let attribute = parseAttribute(source, at: index) {
        attributes.append(attribute)
        index = attribute.last + 1
      } else if let block = parseBlock(source, at: index) {
        attributes.append(block)
        index = block.last + 1
      } else {
        return attributes
      }
    }
  }

  private static func parseAttribute(_ source: TokenizedSource, at start: Int) -> Attribute? {
    var index = start
    guard source.isToken(index, "@"), index + 1 < source.tokens.count,
      source.tokens[index + 1].kind == .identifier
    else { return nil }
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
    return Attribute(first: start, last: index - 1, name: name)
  }

  /// Parses a `#if` block of attributes, or returns nil when the block is not one: it holds
  /// something else, such as declarations, or it does not end.
  private static func parseBlock(_ source: TokenizedSource, at start: Int) -> Attribute? {
    guard source.isToken(start, "#if"), source.tokens[start].kind == .pound else { return nil }
    var clauses: [Clause] = []
    var index = start
    while index < source.tokens.count {
      let keyword = source.text(index)
      if keyword == "#endif" {
        return Attribute(first: start, last: index, name: "#if", clauses: clauses)
      }
      guard source.tokens[index].kind == .pound,
        clauses.isEmpty ? keyword == "#if" : keyword == "#elseif" || keyword == "#else"
      else { return nil }
      let conditionEnd = keyword == "#else" ? index : conditionEnd(source, after: index)
      var next = conditionEnd + 1
      let elements = parseList(source, from: &next)
      clauses.append(Clause(keyword: index, conditionEnd: conditionEnd, elements: elements))
      index = next
    }
    return nil
  }

  /// The last token of the condition after `#if` or `#elseif`: the condition ends with its line.
  private static func conditionEnd(_ source: TokenizedSource, after keyword: Int) -> Int {
    var index = keyword
    while index + 1 < source.tokens.count, !source.startsLine(index + 1) {
      index += 1
      if source.isOpeningBracket(index) { index = source.matchingClose(index) }
    }
    return index
  }

  /// The attributes of this element that are `@available`, with `#if` blocks reduced to their
  /// clauses that hold one, as `@Observable` carries them onto its extension; nil when none is.
  func availability(_ source: TokenizedSource) -> Attribute? {
    guard isConditional else { return name == "available" ? self : nil }
    var kept: [Clause] = []
    for clause in clauses {
      let elements = clause.elements.compactMap { $0.availability(source) }
      if !elements.isEmpty {
        kept.append(
          Clause(keyword: clause.keyword, conditionEnd: clause.conditionEnd, elements: elements))
      }
    }
    guard let firstKept = kept.first else { return nil }
    // `@Observable` turns the first clause it keeps into a `#if`, which leaves an `#else` without a
    // condition; keeping every clause, emptied, says the same and compiles.
    if firstKept.keyword != clauses[0].keyword, source.isToken(firstKept.keyword, "#else") {
      kept = clauses.map { clause in
        Clause(
          keyword: clause.keyword, conditionEnd: clause.conditionEnd,
          elements: clause.elements.compactMap { $0.availability(source) })
      }
    }
    return Attribute(first: first, last: last, name: name, clauses: kept)
  }
}

extension TokenizedSource {
  /// Whether a newline separates the token at `index` from the one before it.
  func startsLine(_ index: Int) -> Bool {
    guard index > 0, index < tokens.count else { return index == 0 }
    return bytes[tokens[index - 1].end..<tokens[index].start].contains(0x0A)
  }
}
