/// The static that holds a tracked property's key path, formed once (`_PerceptionKeyPath` in
/// PerceptionCore says why), and the conditions under which `@PerceptionTracked` declares it.
///
/// Both roles of `@PerceptionTracked` decide it from the same request fields, so the peer role
/// declares the static exactly when the accessor role uses it.
enum CanonicalKeyPath {
  /// The static's name prefix, declared by `@PerceptionTracked`'s peer role.
  static let prefix = "_$perceptionKeyPath_"

  /// The name of the class whose tracked property `member` gets a static key path, or nil when it
  /// gets none:
  /// - the attribute is not one `@Perceptible` added for the generated helpers (a hand-written
  ///   attribute, or a class calling its own helpers, keeps `@Observable`'s shape);
  /// - the compiler did not say where the property is, or it is in a generic type, in a type
  ///   nested in an extension (whose type may be generic), or in a local type: Swift allows no
  ///   static stored property in a generic type, and a generic key path is a new object on each
  ///   formation anyway;
  /// - the property has an attribute of its own (`@available`: a key path to a deprecated
  ///   property, formed outside its own accessors, warns; a global actor: the static, which takes
  ///   the class's isolation, could not form the key path) or is `nonisolated` (its accessors
  ///   could not read a static isolated to the class's actor).
  static func typeName(_ member: MemberDeclaration, _ request: ExpansionRequest) -> String? {
    guard request.attribute.fileName.hasPrefix("@__swiftmacro"),
      !TrackedAccessorExpansion.callsHelpers(request.attribute),
      member.attributes.allSatisfy({ $0.name == MacroNames.tracked }),
      !hasConditionalAttributes(member),
      !member.modifiers.contains(where: { $0.name.hasPrefix("nonisolated") }),
      member.bindings.count == 1,
      let container = request.lexicalContext.first
    else {
      return nil
    }
    for context in request.lexicalContext {
      let type = TypeDeclaration(context)
      guard let keyword = type.keyword, nominalKeywords.contains(keyword), type.name != nil,
        !type.isGeneric
      else {
        return nil
      }
    }
    let type = TypeDeclaration(container)
    return type.keyword == "class" ? type.name : nil
  }

  /// Whether an `#if` comes before the keyword: attributes under a condition, which
  /// `attributes` does not list.
  static func hasConditionalAttributes(_ member: MemberDeclaration) -> Bool {
    guard let keyword = member.keywordIndex else { return true }
    return (0..<keyword).contains { member.source.tokens[$0].kind == .pound }
  }

  static let nominalKeywords: Set<String> = ["class", "struct", "enum", "actor"]

  /// The static declaration for the property `name` of `typeName`. It takes the class's
  /// isolation, as the property's accessors do: a key path to an isolated property can only be
  /// formed there.
  static func declaration(_ name: String, typeName: String) -> String {
    "private static let \(PeerName.keyPathStatic(name)) = "
      + "PerceptionCore._PerceptionKeyPath(\\\(typeName).\(name))"
  }

  /// The expression the accessors hand the registrar for the property `name` of `typeName`: the
  /// static itself, whose entry points take the property's key from it as well.
  static func keyPath(_ name: String, typeName: String) -> String {
    "\(typeName).\(PeerName.keyPathStatic(name))"
  }
}
