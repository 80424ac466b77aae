/// The `extension` role of `@Perceptible`: the conformances to `Perceptible` and to Observation's
/// `Observable` that the class still lacks, each with the class's `@available` attributes, and
/// `Observable` also with the versions where Observation exists.
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
    let missing = Set((0..<list.tokens.count).map { list.text($0) })
    let extendedType = trimmed(request.extendedType ?? type.name ?? "")
    let availability = AvailabilityAttributes.prefix(of: type)
    let isolation = supportsIsolatedConformances(request.buildConfiguration) ? "nonisolated " : ""
    var extensions: [String] = []
    if missing.contains(MacroNames.perceptible) {
      extensions.append(
        "\(availability)extension \(extendedType): \(isolation)\(MacroNames.conformance) {\n}")
    }
    // Observation's protocol exists from these versions on; the class's own attributes come
    // first, so that a class introduced later conforms from its own introduction.
    if missing.contains(MacroNames.observable) {
      extensions.append(
        "\(availability)\(MacroNames.observableAvailability) extension \(extendedType): "
          + "\(isolation)\(MacroNames.observableConformance) {\n}")
    }
    return ExpansionResult(source: extensions.joined(separator: "\n"))
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
