/// A member declaration as the macros see it: its attributes and modifiers, its keyword and, for a
/// `var` or `let`, its pattern bindings.
struct MemberDeclaration {
  /// One `name: Type = value { accessors }` of a variable declaration.
  struct Binding {
    /// The token index of the binding's first token.
    var first: Int
    /// The token index of its last token, including a trailing comma.
    var last: Int
    /// The token index of the name, when the pattern is a plain name.
    var identifier: Int?
    /// The token indices of the `{` and `}` of the accessor block.
    var accessorBlock: (open: Int, close: Int)?
  }

  let source: TokenizedSource
  var attributes: [Attribute] = []
  var modifiers: [Modifier] = []
  /// The token index of the keyword, such as `var` or `func`.
  var keywordIndex: Int?
  var bindings: [Binding] = []

  init(_ text: String) {
    self.init(source: TokenizedSource(text))
  }

  init(source: TokenizedSource) {
    self.source = source
    var index = 0
    attributes = Attribute.parseList(source, from: &index)
    modifiers = Modifier.parseList(source, from: &index)
    guard index < source.tokens.count else { return }
    keywordIndex = index
    if keyword == "var" || keyword == "let" {
      bindings = Self.parseBindings(source, from: index + 1)
    }
  }

  /// The declaration keyword, such as `var`, `let`, `func` or `class`.
  var keyword: String? { keywordIndex.map { source.text($0) } }

  /// The name of the first binding, when it is a plain name.
  var identifier: String? {
    bindings.first?.identifier.map { source.text($0) }
  }

  /// Whether an attribute is exactly the unqualified name `name`, as `@Observable` checks it.
  func hasAttribute(_ name: String) -> Bool {
    attributes.contains { $0.name == name }
  }

  /// Whether a modifier makes this a type member: `static` or `class`.
  var isStatic: Bool {
    modifiers.contains { $0.name == "static" || $0.name == "class" }
  }

  /// Whether this is a `lazy` property.
  var isLazy: Bool {
    modifiers.contains { $0.name == "lazy" }
  }

  /// Whether this is computed: it has a `get` accessor or a getter body.
  var isComputed: Bool {
    bindings.contains { binding in
      guard let block = binding.accessorBlock else { return false }
      guard block.open + 1 < block.close else { return true }
      if Self.hasAccessor(source, in: block, named: ["get", "_read", "read", "unsafeAddress"]) {
        return true
      }
      return !Self.isAccessorKeyword(source, block.open + 1)
    }
  }

  /// Whether this is a property that `@Perceptible` tracks: a stored instance `var` with a name.
  var isValidForPerception: Bool {
    keyword == "var" && !isComputed && !isStatic && identifier != nil
  }

  static let accessorKeywords: Set<String> = [
    "get", "set", "willSet", "didSet", "_read", "_modify", "read", "modify", "init",
    "unsafeAddress", "unsafeMutableAddress",
  ]

  private static func isAccessorKeyword(_ source: TokenizedSource, _ index: Int) -> Bool {
    var index = index
    _ = Attribute.parseList(source, from: &index)
    _ = Modifier.parseList(source, from: &index)
    return index < source.tokens.count && accessorKeywords.contains(source.text(index))
  }

  private static func hasAccessor(
    _ source: TokenizedSource, in block: (open: Int, close: Int), named names: Set<String>
  ) -> Bool {
    var index = block.open + 1
    while index < block.close {
      if source.isOpeningBracket(index) {
        index = source.matchingClose(index) + 1
        continue
      }
      if names.contains(source.text(index)) { return true }
      index += 1
    }
    return false
  }

  /// Splits the bindings after `var` or `let` at their top-level commas.
  private static func parseBindings(_ source: TokenizedSource, from start: Int) -> [Binding] {
    var bindings: [Binding] = []
    var index = start
    let count = source.tokens.count
    while index < count {
      var binding = Binding(first: index, last: index)
      if source.tokens[index].kind == .identifier {
        binding.identifier = index
        index += 1
      } else if source.isToken(index, "(") {
        index = source.matchingClose(index) + 1
      }
      var angleDepth = 0
      var inInitializer = false
      var initializerStart = -1
      while index < count {
        if source.isToken(index, "(") || source.isToken(index, "[") {
          index = source.matchingClose(index) + 1
          continue
        }
        if source.isToken(index, "<") && !inInitializer {
          angleDepth += 1
        } else if source.isToken(index, ">") && !inInitializer && angleDepth > 0
          && !source.isToken(index - 1, "-")
        {
          angleDepth -= 1
        } else if source.isToken(index, "=") && angleDepth == 0 && !inInitializer {
          inInitializer = true
          initializerStart = index + 1
        } else if source.isToken(index, "{") {
          // In an initializer, `{` opens a closure unless it holds observers after a value.
          let isBlock =
            !inInitializer
            || (index > initializerStart && isObserverStart(source, index + 1))
          if isBlock {
            let close = source.matchingClose(index)
            binding.accessorBlock = (index, close)
            index = close + 1
            break
          }
          index = source.matchingClose(index) + 1
          continue
        } else if source.isToken(index, ",") && angleDepth == 0 {
          break
        } else if source.isToken(index, ";") {
          break
        }
        index += 1
      }
      if source.isToken(index, ",") {
        binding.last = index
        index += 1
        bindings.append(binding)
        continue
      }
      binding.last = max(binding.first, min(index, count) - 1)
      bindings.append(binding)
      break
    }
    return bindings
  }

  private static func isObserverStart(_ source: TokenizedSource, _ index: Int) -> Bool {
    var index = index
    _ = Attribute.parseList(source, from: &index)
    return source.isToken(index, "willSet") || source.isToken(index, "didSet")
  }
}
