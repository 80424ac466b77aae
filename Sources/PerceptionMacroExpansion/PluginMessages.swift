/// Decodes the compiler's plugin messages and encodes the answers.
///
/// The messages are Swift enums encoded with Codable: an object with one key, the case name, whose
/// value holds the associated values by label.
public enum PluginMessages {
  /// The plugin protocol version this plugin implements.
  public static let protocolVersion = 7

  /// Answers one message. Every message gets an answer; a message that cannot be understood gets an
  /// error diagnostic.
  public static func respond(to bytes: [UInt8]) -> JSON {
    respond(to: bytes, expand: MacroExpander.expand)
  }

  /// Answers one message, expanding macros with `expand`.
  package static func respond(
    to bytes: [UInt8], expand: (ExpansionRequest) -> ExpansionResult
  ) -> JSON {
    let message: JSON
    do {
      message = try JSON.parse(bytes)
    } catch {
      return failure("Perception's macro plugin could not read a message: \(error.message)")
    }
    guard case .object(let pairs) = message, pairs.count == 1 else {
      return failure("Perception's macro plugin received a message that is not a request")
    }
    let (kind, body) = pairs[0]
    switch kind {
    case "getCapability":
      let host = body["capability"]?["protocolVersion"]?.intValue ?? protocolVersion
      return .object([
        (
          "getCapabilityResult",
          .object([
            (
              "capability",
              .object([("protocolVersion", .number(Double(min(host, protocolVersion))))])
            )
          ])
        )
      ])
    case "expandAttachedMacro":
      guard let request = decodeRequest(body) else {
        return failure("Perception's macro plugin received an incomplete expansion request")
      }
      return encode(expand(request))
    case "loadPluginLibrary":
      return .object([
        (
          "loadPluginLibraryResult",
          .object([
            ("loaded", .bool(false)),
            (
              "diagnostics",
              .array([
                encode(
                  diagnosticWithoutPosition(
                    "Perception's macro plugin is an executable and loads no libraries"))
              ])
            ),
          ])
        )
      ])
    default:
      return failure("Perception's macro plugin does not understand the message '\(kind)'")
    }
  }

  static func decodeRequest(_ body: JSON) -> ExpansionRequest? {
    guard let macroType = body["macro"]?["typeName"]?.stringValue,
      let roleName = body["macroRole"]?.stringValue, let role = MacroRole(rawValue: roleName),
      let attribute = body["attributeSyntax"].flatMap(decodeSyntax),
      let declaration = body["declSyntax"].flatMap(decodeSyntax)
    else {
      return nil
    }
    return ExpansionRequest(
      macroType: macroType, role: role,
      discriminator: body["discriminator"]?.stringValue ?? "",
      attribute: attribute, declaration: declaration,
      parent: body["parentDeclSyntax"].flatMap(decodeSyntax),
      extendedType: body["extendedTypeSyntax"]?["source"]?.stringValue,
      conformanceList: body["conformanceListSyntax"]?["source"]?.stringValue,
      lexicalContext: (body["lexicalContext"]?.arrayValue ?? []).compactMap {
        $0["source"]?.stringValue
      },
      buildConfiguration: body["staticBuildConfiguration"]?.stringValue)
  }

  static func decodeSyntax(_ json: JSON) -> SyntaxSnippet? {
    guard let source = json["source"]?.stringValue else { return nil }
    let location = json["location"]
    return SyntaxSnippet(
      source: source,
      fileName: location?["fileName"]?.stringValue ?? "",
      fileID: location?["fileID"]?.stringValue ?? "",
      offset: location?["offset"]?.intValue ?? 0,
      line: location?["line"]?.intValue ?? 1)
  }

  static func encode(_ result: ExpansionResult) -> JSON {
    var fields: [(String, JSON)] = [("diagnostics", .array(result.diagnostics.map(encode)))]
    if let source = result.source { fields.append(("expandedSource", .string(source))) }
    return .object([("expandMacroResult", .object(fields))])
  }

  static func encode(_ diagnostic: Diagnostic) -> JSON {
    let highlights: [JSON] =
      diagnostic.highlight.map { range in
        [
          .object([
            ("fileName", .string(diagnostic.fileName)),
            ("startOffset", .number(Double(range.lowerBound))),
            ("endOffset", .number(Double(range.upperBound))),
          ])
        ]
      } ?? []
    return .object([
      ("message", .string(diagnostic.message)),
      ("severity", .string(diagnostic.severity.rawValue)),
      (
        "position",
        .object([
          ("fileName", .string(diagnostic.fileName)),
          ("offset", .number(Double(diagnostic.offset))),
        ])
      ),
      ("highlights", .array(highlights)),
      ("notes", .array([])),
      ("fixIts", .array([])),
    ])
  }

  static func diagnosticWithoutPosition(_ message: String) -> Diagnostic {
    Diagnostic(message: message, fileName: "", offset: 0)
  }

  /// An expansion result that carries only an error.
  static func failure(_ message: String) -> JSON {
    encode(ExpansionResult(source: nil, diagnostics: [diagnosticWithoutPosition(message)]))
  }
}
