/// The `memberAttribute` role of `@Perceptible`: `@PerceptionTracked` on each tracked property.
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
    return ExpansionResult(source: "@\(MacroNames.tracked)")
  }
}
