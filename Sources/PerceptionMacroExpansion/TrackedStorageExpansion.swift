/// The `peer` role of `@PerceptionTracked`: the private `_name` storage, marked `@PerceptionIgnored`.
///
/// `@Observable`'s storage, renamed, built from the property's own tokens with their own trivia.
/// (swift-syntax, printing the node `@Observable` rebuilds, repeats some of that trivia: the
/// name's leading trivia three times, its trailing trivia and the last token's twice, and a space
/// before the keyword. That is not copied: the expansions are compared with `@Observable`'s token
/// for token and line for line, not space for space; see `MacroExpansionDump.layout`.)
enum TrackedStorageExpansion {
  /// A token of the output and the trivia around it.
  struct Piece {
    var leading: String
    var text: String
    var trailing: String
  }

  static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    let member = MemberDeclaration(request.declaration.source)
    if let message = misuseMessage(member, request) {
      return ExpansionResult(source: nil, diagnostics: [.error(message, at: request.attribute)])
    }
    guard appliesTracking(to: member, request) else { return ExpansionResult(source: "") }
    let storage = storage(member, request)
    guard let typeName = CanonicalKeyPath.typeName(member, request), let name = member.identifier
    else {
      return ExpansionResult(source: storage)
    }
    return ExpansionResult(
      source: storage + "\n\n" + CanonicalKeyPath.declaration(name, typeName: typeName))
  }

  /// Whether the property gets storage and accessors: it is trackable, not ignored, and, when the
  /// compiler says where it is, a member of a class.
  static func appliesTracking(to member: MemberDeclaration, _ request: ExpansionRequest) -> Bool {
    guard member.isValidForPerception, !member.hasAttribute(MacroNames.ignored), !member.isLazy
    else {
      return false
    }
    if let container = request.lexicalContext.first {
      return TypeDeclaration(container).keyword == "class"
    }
    return true
  }

  /// The error for a `@PerceptionTracked` that the user wrote where it cannot apply. An attribute
  /// that `@Perceptible` added comes from a macro buffer and is never misplaced.
  static func misuseMessage(_ member: MemberDeclaration, _ request: ExpansionRequest) -> String? {
    guard !request.attribute.fileName.hasPrefix("@__swiftmacro") else { return nil }
    let attribute = "'@\(MacroNames.tracked)'"
    guard member.keyword == "var" || member.keyword == "let" else { return nil }
    if member.keyword == "let" {
      return "\(attribute) cannot be applied to a 'let' constant; only a stored 'var' is tracked"
    }
    if member.isStatic {
      return
        "\(attribute) cannot be applied to a static property; only instance properties are tracked"
    }
    if member.isLazy,
      let diagnostic = LazyPropertyDiagnostic.diagnostic(member, request.declaration)
    {
      return diagnostic.message
    }
    if member.isComputed {
      return
        "\(attribute) cannot be applied to a computed property; only stored properties are tracked"
    }
    if let container = request.lexicalContext.first,
      TypeDeclaration(container).keyword != "class"
    {
      return
        "\(attribute) can only be applied to a property of a '@\(MacroNames.perceptible)' class"
    }
    return nil
  }

  static func storage(_ member: MemberDeclaration, _ request: ExpansionRequest) -> String {
    let source = member.source
    let tokens = source.tokens
    guard let keywordIndex = member.keywordIndex, !tokens.isEmpty else { return "" }
    var pieces: [Piece] = []
    func original(_ index: Int) -> Piece {
      Piece(
        leading: source.leadingTrivia(index), text: source.text(index),
        trailing: source.trailingTrivia(index))
    }
    for attribute in member.attributes where attribute.name != MacroNames.tracked {
      for index in attribute.first...attribute.last { pieces.append(original(index)) }
    }
    pieces.append(Piece(leading: "\n", text: "@", trailing: ""))
    pieces.append(Piece(leading: "", text: MacroNames.ignored, trailing: ""))
    pieces.append(Piece(leading: "\n", text: "private", trailing: " "))
    for modifier in member.modifiers where !Modifier.accessLevels.contains(modifier.name) {
      for index in modifier.first...modifier.last { pieces.append(original(index)) }
    }
    pieces.append(Piece(leading: "", text: source.text(keywordIndex), trailing: " "))
    for binding in member.bindings {
      var index = binding.first
      while index <= binding.last {
        var piece = original(index)
        if index == binding.identifier { piece.text = PeerName.storage(piece.text) }
        if let block = binding.accessorBlock, index == block.open {
          piece.text = ObserverBlockFormatter.format(
            source, block: block, fileID: request.declaration.fileID,
            firstLine: request.declaration.line)
          piece.trailing = source.trailingTrivia(block.close)
          index = block.close
        } else if source.isToken(index, "{"),
          let closure = ClosureFormatter.format(source, open: index)
        {
          piece.text = closure.text
          piece.trailing = source.trailingTrivia(closure.close)
          index = closure.close
        }
        pieces.append(piece)
        index += 1
      }
    }
    // The declaration's leading trivia goes before its first token's own.
    let declarationLeading = source.leadingTrivia(0)
    pieces[0].leading = declarationLeading + pieces[0].leading
    pieces[0].leading = indentFirstToken(pieces[0].leading, declarationLeading)
    return render(pieces)
  }

  /// BasicFormat indents the first token after the trivia before it: after a newline that ends
  /// it, or after a block comment that ends the declaration's leading trivia on the line the
  /// declaration started. In both cases the indentation it adds is that line up to its last
  /// block comment.
  static func indentFirstToken(_ trivia: String, _ declarationLeading: String) -> String {
    guard let newline = declarationLeading.lastIndex(of: "\n") else { return trivia }
    let lastLine = declarationLeading[declarationLeading.index(after: newline)...]
    let lastComment = lastBlockCommentStart(lastLine)
    guard trivia.hasSuffix("\n") || lastComment != nil else { return trivia }
    return trivia + lastLine[..<(lastComment ?? lastLine.endIndex)]
  }

  /// Where the last block comment at the top level of `line` starts.
  static func lastBlockCommentStart(_ line: Substring) -> String.Index? {
    var depth = 0
    var start: String.Index?
    var index = line.startIndex
    while index < line.endIndex {
      let next = line.index(after: index)
      let pair = next < line.endIndex ? line[index...next] : ""
      if pair == "/*" {
        if depth == 0 { start = index }
        depth += 1
        index = line.index(after: next)
      } else if pair == "*/", depth > 0 {
        depth -= 1
        index = line.index(after: next)
      } else if pair == "//", depth == 0 {
        break
      } else {
        index = next
      }
    }
    return start
  }

  /// Joins the pieces, drops spaces at the ends of lines, and trims the whole, as BasicFormat and
  /// swift-syntax's `trimmedDescription` do.
  static func render(_ pieces: [Piece]) -> String {
    var output = ""
    for (position, piece) in pieces.enumerated() {
      let before = position == 0 ? piece.leading : pieces[position - 1].trailing + piece.leading
      output += stripLineEndSpaces(before) + piece.text
    }
    output += pieces.last?.trailing ?? ""
    return trimWhitespace(output)
  }

  static func stripLineEndSpaces(_ trivia: String) -> String {
    guard trivia.contains("\n") else { return trivia }
    var lines = trivia.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for position in 0..<(lines.count - 1) {
      while lines[position].hasSuffix(" ") || lines[position].hasSuffix("\t") {
        lines[position].removeLast()
      }
    }
    return lines.joined(separator: "\n")
  }

  static func trimWhitespace(_ text: String) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return String(text[first...last])
  }
}
