/// The `memberAttribute` role of `@Perceptible`: `@PerceptionTracked` on each tracked property.
///
/// The accessor role cannot see the class's other members (the compiler strips them from the
/// lexical context), so when the class declares its own `access(keyPath:)` or
/// `withMutation(keyPath:_:)` this role says so in the attribute: those accessors keep
/// `@Observable`'s bodies, which call the class's helpers.
enum MemberAttributeExpansion {
  static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    let member = MemberDeclaration(request.declaration.source)
    // Outside a class the extension role reports the misuse; tracked members would add errors.
    if let parent = request.parent, TypeDeclaration(parent.source).keyword != "class" {
      return ExpansionResult(source: "")
    }
    guard member.isValidForPerception,
      !member.hasAttribute(MacroNames.ignored),
      !member.hasAttribute(MacroNames.tracked)
    else {
      return ExpansionResult(source: "")
    }
    if let diagnostic = LazyPropertyDiagnostic.diagnostic(member, request.declaration) {
      return ExpansionResult(source: "", diagnostics: [diagnostic])
    }
    if let parent = request.parent, TypeDeclaration(parent.source).declaresAccessorHelpers {
      return ExpansionResult(source: "@\(MacroNames.tracked)(\(MacroNames.callingHelpers): true)")
    }
    return ExpansionResult(source: "@\(MacroNames.tracked)")
  }
}
