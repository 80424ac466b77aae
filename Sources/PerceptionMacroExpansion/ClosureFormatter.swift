/// Formats a one-line closure in a property's initial value as BasicFormat does when `@Observable`
/// copies it into the storage: the body goes on its own lines, indented by four.
enum ClosureFormatter {
  static let indentation = "    "

  /// The formatted closure that opens at `open`, and the index of its `}`; nil when the closure
  /// spans lines already, which BasicFormat leaves as written.
  static func format(_ source: TokenizedSource, open: Int) -> (text: String, close: Int)? {
    let close = source.matchingClose(open)
    guard source.isToken(close, "}") else { return nil }
    for index in (open + 1)...close {
      let trivia = source.trailingTrivia(index - 1) + source.leadingTrivia(index)
      if trivia.contains("\n") { return nil }
    }
    guard open + 1 < close else { return ("{\n}", close) }
    // A signature such as `x in` stays on the first line.
    var bodyStart = open + 1
    var depth = 0
    for index in (open + 1)..<close {
      if depth == 0 && source.isToken(index, "in") {
        bodyStart = index + 1
        break
      }
      depth += source.bracketDepthChange(at: index)
    }
    var text = "{"
    if bodyStart > open + 1 {
      let trivia = source.trailingTrivia(open)
      text +=
        (trivia.isEmpty ? " " : trivia)
        + source.slice(source.tokens[open + 1].start, source.tokens[bodyStart - 1].end)
    }
    var startsStatement = true
    depth = 0
    for index in bodyStart..<close {
      if startsStatement {
        // A comment after the last token of a line stays on that line.
        text += commentOnly(source.trailingTrivia(index - 1)) + "\n" + indentation
      } else {
        text += source.trailingTrivia(index - 1) + source.leadingTrivia(index)
      }
      text += source.text(index)
      depth += source.bracketDepthChange(at: index)
      startsStatement = depth == 0 && source.isToken(index, ";")
    }
    return (text + commentOnly(source.trailingTrivia(close - 1)) + "\n}", close)
  }

  /// Trivia without the whitespace at its end, or nothing when it holds no comment.
  private static func commentOnly(_ trivia: String) -> String {
    var end = trivia.endIndex
    while end > trivia.startIndex, " \t".contains(trivia[trivia.index(before: end)]) {
      end = trivia.index(before: end)
    }
    let trimmed = trivia[..<end]
    return trimmed.contains("/") ? String(trimmed) : ""
  }
}
