/// The declaration that `@Perceptible` is attached to: its kind, its name, its attributes, and the
/// functions and properties it already declares.
struct TypeDeclaration {
  /// A function of the type's body, reduced to what decides whether it replaces a generated one.
  struct FunctionSignature: Equatable {
    var name: String
    var isStatic: Bool
    var firstNames: [String]
  }

  let source: TokenizedSource
  var attributes: [Attribute] = []
  /// `class`, `struct`, `enum`, `actor`, `protocol` or `extension`.
  var keyword: String?
  /// The type's name, without generic parameters.
  var name: String?
  /// Whether the type declares generic parameters.
  var isGeneric = false
  /// The functions declared directly in the body.
  var functions: [FunctionSignature] = []
  /// The names of the properties declared directly in the body.
  var propertyNames: [String] = []
  /// The names, as written, of the properties `@Perceptible` tracks whose key paths a member of
  /// the class can form wherever the class compiles: those outside `#if` blocks and without
  /// `@available` (see `PropertyNamesExpansion`).
  var namedTrackedProperties: [String] = []

  init(_ text: String) {
    source = TokenizedSource(text)
    var index = 0
    attributes = Attribute.parseList(source, from: &index)
    _ = Modifier.parseList(source, from: &index)
    guard index < source.tokens.count else { return }
    keyword = source.text(index)
    index += 1
    if index < source.tokens.count, source.tokens[index].kind == .identifier {
      name = source.text(index)
      isGeneric = index + 1 < source.tokens.count && source.isToken(index + 1, "<")
    }
    while index < source.tokens.count, !source.isToken(index, "{") { index += 1 }
    guard index < source.tokens.count else { return }
    scanBody(open: index, close: source.matchingClose(index))
  }

  /// Collects the members at the top level of the body, skipping nested bodies.
  private mutating func scanBody(open: Int, close: Int) {
    var index = open + 1
    var conditionalDepth = 0
    var declarationStarts: [Int] = []
    var trackable: [Int] = []
    while index < close {
      if source.isOpeningBracket(index) {
        index = source.matchingClose(index) + 1
        continue
      }
      if source.tokens[index].kind == .pound {
        let word = source.text(index)
        if word == "#if" { conditionalDepth += 1 }
        if word == "#endif" { conditionalDepth = max(0, conditionalDepth - 1) }
      }
      if source.tokens[index].kind == .identifier && index + 1 < close {
        let word = source.text(index)
        let nestedClass =
          word == "class" && !Modifier.keywords.contains(source.text(index + 1))
          && !Modifier.declarationKeywords.contains(source.text(index + 1))
        if Self.memberKeywords.contains(word) || nestedClass {
          declarationStarts.append(declarationStart(keyword: index, after: open))
        }
        if word == "func" {
          functions.append(parseFunction(at: index))
        } else if word == "var" || word == "let",
          source.tokens[index + 1].kind == .identifier
        {
          propertyNames.append(source.text(index + 1))
          if word == "var" && conditionalDepth == 0 {
            trackable.append(declarationStarts.count - 1)
          }
        }
      }
      index += 1
    }
    for position in trackable {
      let start = declarationStarts[position]
      let end =
        position + 1 < declarationStarts.count ? declarationStarts[position + 1] : close
      guard start < end else { continue }
      let member = MemberDeclaration(
        source.slice(source.tokens[start].start, source.tokens[end - 1].end))
      guard member.isValidForPerception, member.bindings.count == 1, !member.isLazy,
        !member.hasAttribute(MacroNames.ignored), !member.hasAttribute(MacroNames.tracked),
        !member.hasAttribute("available"),
        // `@available` under `#if`, which `hasAttribute` does not see.
        !CanonicalKeyPath.hasConditionalAttributes(member), let name = member.identifier
      else { continue }
      namedTrackedProperties.append(name)
    }
  }

  /// The keywords that begin a member declaration, after its attributes and modifiers.
  static let memberKeywords: Set<String> = [
    "var", "let", "func", "init", "deinit", "subscript", "typealias", "struct", "enum", "case",
    "actor", "protocol", "associatedtype",
  ]

  /// The first token of the declaration whose keyword is at `keyword`: the earliest token after
  /// `open` from which attributes and modifiers run up to the keyword.
  private func declarationStart(keyword: Int, after open: Int) -> Int {
    var start = keyword
    var candidate = keyword - 1
    // Attributes with arguments and `#if` blocks of attributes are long; 64 tokens is plenty.
    while candidate > open, keyword - candidate <= 64 {
      var index = candidate
      _ = Attribute.parseList(source, from: &index)
      _ = Modifier.parseList(source, from: &index)
      if index == keyword { start = candidate }
      candidate -= 1
    }
    return start
  }

  private func parseFunction(at keywordIndex: Int) -> FunctionSignature {
    var isStatic = false
    var back = keywordIndex - 1
    while back >= 0, source.tokens[back].kind == .identifier,
      Modifier.keywords.contains(source.text(back))
    {
      if source.text(back) == "static" || source.text(back) == "class" { isStatic = true }
      back -= 1
    }
    let name = source.text(keywordIndex + 1)
    var index = keywordIndex + 2
    if source.isToken(index, "<") {
      var depth = 0
      while index < source.tokens.count {
        if source.isToken(index, "<") { depth += 1 }
        if source.isToken(index, ">") && !source.isToken(index - 1, "-") { depth -= 1 }
        index += 1
        if depth == 0 { break }
      }
    }
    var firstNames: [String] = []
    if source.isToken(index, "(") {
      let close = source.matchingClose(index)
      var position = index + 1
      var expectingName = true
      while position < close {
        if expectingName {
          firstNames.append(source.text(position))
          expectingName = false
        }
        if source.isOpeningBracket(position) {
          position = source.matchingClose(position) + 1
          continue
        }
        if source.isToken(position, "<") {
          var depth = 0
          while position < close {
            if source.isToken(position, "<") { depth += 1 }
            if source.isToken(position, ">") && !source.isToken(position - 1, "-") { depth -= 1 }
            position += 1
            if depth == 0 { break }
          }
          continue
        }
        if source.isToken(position, ",") { expectingName = true }
        position += 1
      }
    }
    return FunctionSignature(name: name, isStatic: isStatic, firstNames: firstNames)
  }

  /// Whether the body declares a function like the one a generated member would be.
  func declaresFunction(_ signature: FunctionSignature) -> Bool {
    functions.contains(signature)
  }

  /// The generated `access(keyPath:)`, which the class may declare itself instead.
  static let accessHelper = FunctionSignature(
    name: "access", isStatic: false, firstNames: ["keyPath"])
  /// The generated `withMutation(keyPath:_:)`, which the class may declare itself instead.
  static let mutationHelper = FunctionSignature(
    name: "withMutation", isStatic: false, firstNames: ["keyPath", "_"])

  /// Whether the class declares its own `access(keyPath:)` or `withMutation(keyPath:_:)`, which
  /// its accessors must then call on every read and write, as `@Observable`'s do.
  var declaresAccessorHelpers: Bool {
    declaresFunction(Self.accessHelper) || declaresFunction(Self.mutationHelper)
  }
}
