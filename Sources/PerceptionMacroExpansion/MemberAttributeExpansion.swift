/// The `memberAttribute` role of `@Perceptible`: `@PerceptionTracked` on each tracked property.
enum MemberAttributeExpansion {
  static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    let member = MemberDeclaration(request.declaration.source)
    guard member.isValidForPerception,
      !member.hasAttribute(MacroNames.ignored),
      !member.hasAttribute(MacroNames.tracked)
    else {
      return ExpansionResult(source: "")
    }
    return ExpansionResult(source: "@\(MacroNames.tracked)")
  }
}
