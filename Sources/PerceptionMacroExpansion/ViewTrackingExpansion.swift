/// `@WithPerceptionTracking` on a SwiftUI view or view modifier: its body renders inside
/// perception tracking, with no wrapper in it.
///
/// The member role declares `typealias Body` as the tracking view, generic over the marked type,
/// and an `@_implements(View, body)` property (`@_implements(ViewModifier, body(content:))` for a
/// modifier) that returns it. On a struct it also declares the tracking state, a stored `let`
/// with an initial value (so no memberwise initializer parameter), which SwiftUI installs in the
/// marked view: a change to what the body read invalidates the marked view itself, whose body
/// (the `@_implements` member) renders the own body from its current properties into the
/// tracking body (swift-perception #117). An enumeration
/// has no stored property, and SwiftUI installs no dynamic property of a class: their tracking
/// body holds the state itself. With `Body` fixed, the type's own `body` no longer matches the
/// protocol's requirement, and the compiler takes the `@_implements` member as the witness
/// instead. The extension role conforms the type to a helper protocol whose `body` requirement
/// the type's own `body` meets, and which the tracking view calls. Neither reads the body's
/// text: the body stays as written, wherever it is.
///
/// The helper's requirement carries `@ViewBuilder`, but the compiler infers a builder only for a
/// body declared where the conformance is, never the case for a conformance an extension macro
/// adds; so the member-attribute role writes `@ViewBuilder` on a body in the type's declaration,
/// unless it has one or returns explicitly (an explicit builder would warn there).
enum ViewTrackingExpansion {
  /// The `type` of the macro's `#externalMacro` declaration.
  static let macroType = "WithPerceptionTrackingMacro"
  /// The protocols and types of the SwiftUI layer the expansion names. Unqualified: on Apple
  /// platforms they are PerceptionCore's, re-exported by Perception; on Linux, the SwiftUI
  /// stand-in's tests compile the layer into their own module.
  static let trackedView = "_PerceptionTrackedView"
  static let trackedModifier = "_PerceptionTrackedViewModifier"
  static let viewBody = "_PerceptionTrackingBody"
  static let modifierBody = "_PerceptionTrackingModifierBody"
  static let selfTrackingViewBody = "_PerceptionSelfTrackingBody"
  static let selfTrackingModifierBody = "_PerceptionSelfTrackingModifierBody"
  static let trackingState = "_PerceptionTrackingState"
  /// The struct's stored tracking state (`named(_perceptionTracking)`).
  static let trackingStateProperty = "_perceptionTracking"
  /// The member that SwiftUI calls as the view's `body`. Fixed, as the macro declares it
  /// (`named(_perceptionTrackedBody)`): a name made from the discriminator would make the
  /// compiler expand the macro for every name looked up in the type.
  static let witness = "_perceptionTrackedBody"
  static let attribute = "@WithPerceptionTracking"

  /// What the attribute is on.
  enum Kind {
    case view
    case modifier
  }

  // MARK: - Member

  static func member(_ request: ExpansionRequest) -> ExpansionResult {
    let type = MarkedType(request.declaration.source)
    if let message = type.syntaxMisuse {
      return ExpansionResult(source: nil, diagnostics: [.error(message, at: request.attribute)])
    }
    // A type whose own inheritance list names neither protocol gets no members: the extension
    // role, which sees its conformances, reports it, once.
    guard type.namesProtocol else { return ExpansionResult(source: "") }
    let access = type.accessModifier.map { "\($0) " } ?? ""
    let tracked = type.selfType
    // Only a struct holds its tracking state (the declaration's comment says why), and not one
    // that names a coding protocol: its synthesized conformance would name the state, which is
    // not `Codable`, and a view that compiled without the state must compile with it.
    let holdsState = type.declaration.keyword == "struct" && !type.namesCodingProtocol
    let state =
      holdsState
      ? "\(access)let \(trackingStateProperty) = \(trackingState)<\(tracked)>()\n\n" : ""
    let stateArgument = holdsState ? ", tracking: \(trackingStateProperty)" : ""
    switch type.kind {
    case .view:
      let body = holdsState ? viewBody : selfTrackingViewBody
      return ExpansionResult(
        source: """
          \(access)typealias Body = \(body)<\(tracked)>

          \(state)@_implements(SwiftUI.View, body) @MainActor @preconcurrency \
          \(access)var \(witness): \(body)<\(tracked)> {
            \(body)(self\(stateArgument))
          }
          """)
    case .modifier:
      let body = holdsState ? modifierBody : selfTrackingModifierBody
      return ExpansionResult(
        source: """
          \(access)typealias Body = \(body)<\(tracked), Content>

          \(state)@_implements(SwiftUI.ViewModifier, body(content:)) @MainActor @preconcurrency \
          \(access)func \(witness)(content: Content) -> \(body)<\(tracked), Content> {
            \(body)(self, content: content\(stateArgument))
          }
          """)
    }
  }

  // MARK: - Member attribute

  static func memberAttribute(_ request: ExpansionRequest) -> ExpansionResult {
    guard let parent = request.parent else { return ExpansionResult(source: "") }
    let type = MarkedType(parent.source)
    guard type.syntaxMisuse == nil, type.namesProtocol,
      BodyDeclaration(request.declaration.source, kind: type.kind).needsViewBuilder
    else { return ExpansionResult(source: "") }
    return ExpansionResult(source: "@SwiftUI.ViewBuilder")
  }

  // MARK: - Extension

  static func `extension`(_ request: ExpansionRequest) -> ExpansionResult {
    let type = MarkedType(request.declaration.source)
    // The member role reports what the syntax shows; one error is enough.
    guard type.syntaxMisuse == nil else { return ExpansionResult(source: nil) }
    // The compiler lists the protocols of the macro's declaration that the type does not
    // conform to: `View` and `ViewModifier` are among them, so the list says which one it is,
    // wherever its conformance is declared.
    let list = TokenizedSource(request.conformanceList ?? "")
    let missing = Set((0..<list.tokens.count).map { list.text($0) })
    let name = type.name ?? "it"
    let message: String?
    if missing.contains("View") && missing.contains("ViewModifier") {
      message =
        "\(attribute) applies to a type that conforms to 'View' or 'ViewModifier'; '\(name)' "
        + "conforms to neither: add ': View' to its declaration, or remove the attribute"
    } else if !type.namesProtocol {
      let conformance = missing.contains("View") ? "ViewModifier" : "View"
      message =
        "\(attribute) needs '\(conformance)' in the inheritance list of '\(name)' itself, "
        + "where it can see it: write '\(type.declaration.keyword ?? "struct") \(name): "
        + "\(conformance)'"
    } else {
      message = nil
    }
    if let message {
      return ExpansionResult(source: nil, diagnostics: [.error(message, at: request.attribute)])
    }
    let helper = type.kind == .view ? trackedView : trackedModifier
    guard missing.contains(helper) else { return ExpansionResult(source: "") }
    let extendedType = ExtensionExpansion.trimmed(request.extendedType ?? type.name ?? "")
    let availability = AvailabilityAttributes.prefix(of: type.declaration)
    return ExpansionResult(source: "\(availability)extension \(extendedType): \(helper) {\n}")
  }
}

/// The declaration `@WithPerceptionTracking` is attached to, as its roles need it.
struct MarkedType {
  let declaration: TypeDeclaration
  /// View or view modifier, from the inheritance list: a type that names `ViewModifier` there
  /// is a modifier; any other is taken for a view.
  var kind = ViewTrackingExpansion.Kind.view
  /// Whether the inheritance list names `View` or `ViewModifier`, which the member role needs to
  /// know which one to witness: it sees no conformance declared elsewhere.
  var namesProtocol = false
  /// Whether the inheritance list names `Codable`, `Encodable` or `Decodable`.
  var namesCodingProtocol = false
  /// Whether the body declares `Body`: a type alias, a nested type or an associated type.
  var declaresBody = false
  /// `public`, `package` or `open`, which the generated members must match; nil otherwise.
  var accessModifier: String?
  /// How the generated members name the marked type.
  var selfType = "Self"

  var name: String? { declaration.name }

  init(_ text: String) {
    declaration = TypeDeclaration(text)
    let source = declaration.source
    var index = 0
    _ = Attribute.parseList(source, from: &index)
    let modifiers = Modifier.parseList(source, from: &index)
    if let level = modifiers.map(\.name).last(where: { ["public", "package", "open"].contains($0) })
    {
      accessModifier = level == "open" ? "public" : level
    }
    // The inheritance list: from the first `:` after the name to `where` or the body.
    var position = index + 1
    var angleDepth = 0
    var inInheritance = false
    while position < source.tokens.count, !source.isToken(position, "{") {
      if source.isToken(position, "<") { angleDepth += 1 }
      if source.isToken(position, ">") && !source.isToken(position - 1, "-") { angleDepth -= 1 }
      if angleDepth == 0 && source.isToken(position, ":") { inInheritance = true }
      if source.isToken(position, "where") { inInheritance = false }
      if inInheritance && source.isToken(position, "ViewModifier") {
        kind = .modifier
        namesProtocol = true
      }
      if inInheritance && source.isToken(position, "View") { namesProtocol = true }
      if inInheritance
        && ["Codable", "Encodable", "Decodable"].contains(where: { source.isToken(position, $0) })
      {
        namesCodingProtocol = true
      }
      position += 1
    }
    if position < source.tokens.count {
      declaresBody = Self.declaresBody(
        source, open: position, close: source.matchingClose(position))
    }
    // A class's `Self` is dynamic; a final class could use it, but the name fits every class.
    if declaration.keyword == "class", let name = declaration.name {
      let parameters = Self.genericParameters(source, after: index + 1)
      selfType = parameters.isEmpty ? name : "\(name)<\(parameters.joined(separator: ", "))>"
    }
  }

  /// The error a misuse the declaration shows is: on something other than a struct, class or
  /// enumeration, or on a type that declares `Body`.
  var syntaxMisuse: String? {
    let attribute = ViewTrackingExpansion.attribute
    switch declaration.keyword {
    case "struct", "class", "enum":
      break
    case "extension":
      return
        "\(attribute) cannot be applied to an extension; apply it to the view's own declaration"
    case let keyword?:
      let what = keyword == "protocol" ? "a protocol" : keyword == "actor" ? "an actor" : keyword
      return
        "\(attribute) cannot be applied to \(what); apply it to a struct, class or enum "
        + "that conforms to 'View' or 'ViewModifier'"
    case nil:
      return "\(attribute) must be applied to a view's declaration"
    }
    if declaresBody {
      let what = kind == .view ? "body" : "body(content:)"
      return
        "\(attribute) provides 'Body' for '\(name ?? "")', which declares it itself; remove the "
        + "'Body' declaration (the type of '\(what)' needs none), or remove the attribute and "
        + "wrap the body in 'WithPerceptionTracking { ... }'"
    }
    return nil
  }

  /// Whether the top level of the body between `open` and `close` declares `Body`.
  private static func declaresBody(_ source: TokenizedSource, open: Int, close: Int) -> Bool {
    let keywords: Set<String> = [
      "typealias", "struct", "enum", "class", "actor", "associatedtype", "protocol",
    ]
    var index = open + 1
    while index < close {
      if source.isOpeningBracket(index) {
        index = source.matchingClose(index) + 1
        continue
      }
      if keywords.contains(source.text(index)), source.isToken(index + 1, "Body") { return true }
      index += 1
    }
    return false
  }

  /// The names of the generic parameters of the declaration whose name is at `nameIndex`.
  private static func genericParameters(_ source: TokenizedSource, after nameIndex: Int) -> [String]
  {
    guard source.isToken(nameIndex + 1, "<") else { return [] }
    var names: [String] = []
    var index = nameIndex + 2
    var depth = 1
    var expectingName = true
    while index < source.tokens.count, depth > 0 {
      if source.isToken(index, "<") { depth += 1 }
      if source.isToken(index, ">") { depth -= 1 }
      if depth == 1 && source.isToken(index, ",") { expectingName = true }
      if depth == 1 && expectingName && source.tokens[index].kind == .identifier {
        names.append(source.text(index))
        expectingName = false
      }
      index += 1
    }
    return names
  }
}

/// A member of a marked type, as the member-attribute role sees it: is it the body that
/// `@ViewBuilder` should be written on?
struct BodyDeclaration {
  var needsViewBuilder = false

  init(_ text: String, kind: ViewTrackingExpansion.Kind) {
    let source = TokenizedSource(text)
    var index = 0
    let attributes = Attribute.parseList(source, from: &index)
    let modifiers = Modifier.parseList(source, from: &index)
    guard index + 1 < source.tokens.count, !modifiers.contains(where: { $0.name == "static" }),
      source.isToken(index + 1, "body")
    else { return }
    // An attribute of its own may be a builder; one is enough.
    guard
      !attributes.contains(where: {
        $0.isConditional || $0.name.hasSuffix("ViewBuilder") || $0.name.hasSuffix("ContentBuilder")
      })
    else { return }
    var position = index + 2
    switch (kind, source.text(index)) {
    case (.view, "var"):
      break
    case (.modifier, "func"):
      guard source.isToken(position, "("), source.isToken(position + 1, "content") else { return }
      position = source.matchingClose(position) + 1
    default:
      return
    }
    // The body's brace: the first at this level (a type has none; an initial value's closure
    // would follow `=`, which a computed body has not).
    while position < source.tokens.count, !source.isToken(position, "{") {
      if source.isToken(position, "=") { return }
      if source.isOpeningBracket(position) {
        position = source.matchingClose(position)
      }
      position += 1
    }
    guard position < source.tokens.count else { return }
    needsViewBuilder = !Self.returnsExplicitly(
      source, open: position, close: source.matchingClose(position))
  }

  /// The keywords whose next brace at the same level opens a block of statements, not a
  /// closure: a `return` in one is the body's own.
  private static let statementKeywords: Set<String> = [
    "if", "guard", "while", "for", "switch", "else", "do", "repeat", "catch", "defer", "get",
  ]

  /// Whether the statements between `open` and `close`, outside closures, hold a `return`.
  static func returnsExplicitly(_ source: TokenizedSource, open: Int, close: Int) -> Bool {
    var index = open + 1
    var statementBraceNext = false
    while index < close {
      if source.isToken(index, "return") { return true }
      if source.tokens[index].kind == .identifier,
        statementKeywords.contains(source.text(index))
      {
        statementBraceNext = true
      }
      if source.isOpeningBracket(index) {
        let end = source.matchingClose(index)
        if source.isToken(index, "{") && statementBraceNext {
          if returnsExplicitly(source, open: index, close: end) { return true }
          statementBraceNext = false
        }
        // Parentheses, brackets and closures hold no statement of the body's own.
        index = end + 1
        continue
      }
      index += 1
    }
    return false
  }
}
