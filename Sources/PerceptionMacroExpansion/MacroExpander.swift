/// Expands Perception's macros: the entry point of the expansion logic.
public enum MacroExpander {
  /// Expands one macro in one role.
  public static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    switch (request.macroType, request.role) {
    case (MacroNames.perceptibleType, .member):
      return MemberExpansion.expand(request)
    case (MacroNames.perceptibleType, .memberAttribute):
      return MemberAttributeExpansion.expand(request)
    case (MacroNames.perceptibleType, .extension):
      return ExtensionExpansion.expand(request)
    case (MacroNames.trackedType, .peer):
      return TrackedStorageExpansion.expand(request)
    case (MacroNames.trackedType, .accessor):
      return TrackedAccessorExpansion.expand(request)
    case (ViewTrackingExpansion.macroType, .member):
      return ViewTrackingExpansion.member(request)
    case (ViewTrackingExpansion.macroType, .memberAttribute):
      return ViewTrackingExpansion.memberAttribute(request)
    case (ViewTrackingExpansion.macroType, .extension):
      return ViewTrackingExpansion.extension(request)
    case (MacroNames.ignoredType, .accessor):
      // `@PerceptionIgnored` only marks a property for `@Perceptible` to skip.
      return ExpansionResult(source: "")
    default:
      let message = "Perception has no macro '\(request.macroType)' for the \(request.role) role"
      return ExpansionResult(source: nil, diagnostics: [.error(message, at: request.attribute)])
    }
  }
}
