import PerceptionMacroExpansion

/// The stand-in's `@State` macro: a test-only macro with the declaration Apple documents for
/// Xcode 27's SwiftUI ("State()": `@attached(accessor, names: named(init), named(get),
/// named(set)) @attached(peer, names: prefixed(_), prefixed(__), prefixed($))`), so that CI
/// compiles the SwiftUI shells against a `State` that is a macro as well as against the
/// property wrapper.
///
/// Apple documents the declaration, not the expansion; this one is ours, and keeps what the
/// documentation and TN3211 say the macro changes: the property gets `init`, `get` and a
/// nonmutating `set`; its storage is the peer `__name`; `_name` (and, where the type is
/// written, `$name`) are read-only views of it. So an initializer that assigns `_name`, the
/// property wrapper's storage, does not compile.
enum StateMacro {
  /// The property the macro is attached to: its name, its written type, its initial value.
  struct Property {
    var name: String
    var type: String?
    var initialValue: String?
  }

  static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    guard let property = parse(request.declaration.source) else {
      return ExpansionResult(
        source: nil,
        diagnostics: [.error("@State applies to a 'var' with a name", at: request.attribute)])
    }
    let storage = "__\(property.name)"
    switch request.role {
    case .accessor:
      return ExpansionResult(
        source: """
          @storageRestrictions(initializes: \(storage))
          init(initialValue) {
            \(storage) = SwiftUI.State(initialValue: initialValue)
          }
          get {
            \(storage).wrappedValue
          }
          nonmutating set {
            \(storage).wrappedValue = newValue
          }
          """)
    case .peer:
      var peers: [String] = []
      let stateType = property.type.map { "SwiftUI.State<\($0)>" }
      let initialState = property.initialValue.map { "SwiftUI.State(initialValue: \($0))" }
      peers.append(
        "private var \(storage)"
          + (stateType.map { ": \($0)" } ?? "")
          + (initialState.map { " = \($0)" } ?? ""))
      if let stateType, let type = property.type {
        peers.append("private var _\(property.name): \(stateType) { \(storage) }")
        peers.append(
          "private var $\(property.name): SwiftUI.Binding<\(type)> { \(storage).projectedValue }")
      }
      return ExpansionResult(source: peers.joined(separator: "\n"))
    default:
      return ExpansionResult(
        source: nil,
        diagnostics: [.error("@State has no \(request.role) role", at: request.attribute)])
    }
  }

  /// Reads `@State ... var name: Type = value` (the type and the value each optional).
  static func parse(_ declaration: String) -> Property? {
    let source = TokenizedSource(declaration)
    let tokens = source.tokens
    func text(_ index: Int) -> String { slice(source, tokens[index].start, tokens[index].end) }
    guard let keyword = tokens.indices.first(where: { text($0) == "var" }),
      keyword + 1 < tokens.count
    else { return nil }
    var property = Property(name: text(keyword + 1))
    var index = keyword + 2
    if index < tokens.count, text(index) == ":" {
      let first = index + 1
      var depth = 0
      index = first
      while index < tokens.count {
        let token = text(index)
        if depth == 0, token == "=" || token == "{" { break }
        if "<([".contains(token) { depth += 1 }
        if ">)]".contains(token) { depth -= 1 }
        index += 1
      }
      guard index > first else { return nil }
      property.type = slice(source, tokens[first].start, tokens[index - 1].end)
    }
    if index < tokens.count, text(index) == "=", index + 1 < tokens.count {
      property.initialValue = slice(source, tokens[index + 1].start, tokens[tokens.count - 1].end)
    }
    return property
  }

  private static func slice(_ source: TokenizedSource, _ start: Int, _ end: Int) -> String {
    String(decoding: source.bytes[start..<end], as: UTF8.self)
  }
}
