/// The `extension` role of `@Perceptible`: the conformance to `Perceptible`, with the class's
/// `@available` attributes, unless the class already conforms.
enum ExtensionExpansion {
  static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    let type = TypeDeclaration(request.declaration.source)
    // The compiler expands this role for every kind of type, and the member role not always (never
    // for an enumeration), so the misuse is reported here, once.
    if let message = MemberExpansion.misuseMessage(type) {
      return ExpansionResult(source: nil, diagnostics: [.error(message, at: request.attribute)])
    }
    // The compiler lists the conformances still missing, and sends no list when none is: a subclass
    // of a perceptible class conforms already.
    let list = TokenizedSource(request.conformanceList ?? "")
    let missing = (0..<list.tokens.count).contains { list.text($0) == MacroNames.perceptible }
    guard missing else { return ExpansionResult(source: "") }
    let extendedType = trimmed(request.extendedType ?? type.name ?? "")
    let availability = AvailabilityAttributes.prefix(of: type)
    let isolation = supportsIsolatedConformances(request.buildConfiguration) ? "nonisolated " : ""
    return ExpansionResult(
      source: "\(availability)extension \(extendedType): \(isolation)\(MacroNames.conformance) {\n}"
    )
  }

  /// `nonisolated` conformances need Swift 6.2; older compilers do not list the feature.
  static func supportsIsolatedConformances(_ configuration: String?) -> Bool {
    guard let configuration, let json = try? JSON.parse(configuration),
      let features = json["features"]?.arrayValue
    else {
      return true
    }
    return features.contains(.string("IsolatedConformances"))
  }

  static func trimmed(_ text: String) -> String {
    let source = TokenizedSource(text)
    guard let first = source.tokens.first, let last = source.tokens.last else { return "" }
    return source.slice(first.start, last.end)
  }
}
