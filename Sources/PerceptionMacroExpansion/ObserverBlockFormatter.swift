/// Formats the `willSet`/`didSet` block of a tracked property for its storage, as `@Observable`'s
/// expansion shows it: each observer on its own line, indented by four, and its statements indented
/// by eight and wrapped in `#sourceLocation`, so that diagnostics inside observers point at the
/// user's own lines.
enum ObserverBlockFormatter {
  static let accessorIndentation = "    "
  static let statementIndentation = "        "

  static func format(
    _ source: TokenizedSource, block: (open: Int, close: Int), fileID: String, firstLine: Int
  ) -> String {
    var output = "{"
    var index = block.open + 1
    while index < block.close {
      let triviaBefore = source.trailingTrivia(index - 1) + source.leadingTrivia(index)
      output += triviaBefore.contains("\n") ? "\n\n" : "\n"
      output += accessorIndentation
      // The specifier and its parameter, such as `willSet(newName)`.
      var header = ""
      while index < block.close, !source.isToken(index, "{") {
        header += (header.isEmpty ? "" : source.leadingTrivia(index)) + source.text(index)
        if !source.isToken(index + 1, "{") { header += source.trailingTrivia(index) }
        index += 1
      }
      output += header
      guard index < block.close else { break }
      let bodyClose = source.matchingClose(index)
      output +=
        " {" + body(source, open: index, close: bodyClose, fileID: fileID, firstLine: firstLine)
      output += "\n" + accessorIndentation + "}"
      index = bodyClose + 1
    }
    return output + "\n}"
  }

  private static func body(
    _ source: TokenizedSource, open: Int, close: Int, fileID: String, firstLine: Int
  ) -> String {
    guard open + 1 < close else { return "" }
    let line = firstLine + source.line(of: source.tokens[open + 1].start)
    var output = "\n\(statementIndentation)#sourceLocation(file: \"\(fileID)\", line: \(line))"
    var depth = 0
    var startsStatement = true
    for index in (open + 1)..<close {
      let trivia = source.trailingTrivia(index - 1) + source.leadingTrivia(index)
      if trivia.contains("\n") {
        output += TrackedStorageExpansion.stripLineEndSpaces(reindent(trivia))
      } else if startsStatement {
        output += "\n" + statementIndentation
      } else {
        output += trivia
      }
      output += source.text(index)
      depth += source.bracketDepthChange(at: index)
      startsStatement = depth == 0 && source.isToken(index, ";")
    }
    // A comment after the last statement stays with it.
    let closing = source.trailingTrivia(close - 1) + source.leadingTrivia(close)
    let kept = TrackedStorageExpansion.trimWhitespace(closing)
    if !kept.isEmpty {
      let leadingSpace = closing.prefix { $0 == " " || $0 == "\t" }
      output += TrackedStorageExpansion.stripLineEndSpaces(
        reindent(String(leadingSpace) + kept))
    }
    return output + "\n\(statementIndentation)#sourceLocation()"
  }

  /// Adds the statement indentation after every newline, keeping the user's own on top of it.
  private static func reindent(_ trivia: String) -> String {
    trivia.split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: "\n" + statementIndentation)
  }
}
