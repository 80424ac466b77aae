/// The `extension` role of `@Perceptible`: the conformances to `Perceptible` and to Observation's
/// `Observable` that the class still lacks, each with the class's `@available` attributes, and
/// `Observable` also with the versions where Observation exists.
enum ExtensionExpansion {
  static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    let type = TypeDeclaration(request.declaration.source)
    if type.keyword == "protocol" {
      // The member role reports the misuse; an extension of a protocol could not conform.
      return ExpansionResult(source: "")
    }
    // The compiler lists the conformances still missing, and sends no list when none is: a subclass
    // of a perceptible class conforms already.
    let list = TokenizedSource(request.conformanceList ?? "")
    let missing = Set((0..<list.tokens.count).map { list.text($0) })
    let extendedType = trimmed(request.extendedType ?? type.name ?? "")
    // The `@available` attributes keep the trivia between them, as swift-syntax copies them.
    var availability = ""
    for attribute in type.attributes where attribute.name == "available" {
      let source = type.source
      availability += source.slice(
        source.tokens[attribute.first].leadingStart, source.tokens[attribute.last].end)
    }
    availability = TrackedStorageExpansion.trimWhitespace(availability)
    if !availability.isEmpty { availability += " " }
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
