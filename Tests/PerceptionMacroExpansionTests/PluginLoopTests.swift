import PerceptionMacroExpansion
import Testing

/// Runs the loop over in-memory input and returns the answers it wrote.
private func runLoop(_ input: [UInt8]) -> [JSON] {
  var position = 0
  var output: [UInt8] = []
  PluginLoop.run(
    read: { count in
      guard position + count <= input.count else {
        position = input.count
        return nil
      }
      defer { position += count }
      return Array(input[position..<(position + count)])
    },
    write: { output += $0 })
  var answers: [JSON] = []
  var index = 0
  while index + 8 <= output.count {
    var length = 0
    for byte in 0..<8 { length |= Int(output[index + byte]) << (8 * byte) }
    index += 8
    answers.append((try? JSON.parse(Array(output[index..<(index + length)]))) ?? .null)
    index += length
  }
  return answers
}

private let zero: [UInt8] = Array(repeating: 0, count: 8)

@Suite("Plugin loop")
struct PluginLoopTests {
  @Test func answersGetCapabilityWithTheLowerVersion() {
    let answers = runLoop(
      PluginLoop.frame(#"{"getCapability":{"capability":{"protocolVersion":9}}}"#)
        + PluginLoop.frame(#"{"getCapability":{"capability":{"protocolVersion":5}}}"#) + zero)
    #expect(answers.count == 2)
    #expect(answers[0]["getCapabilityResult"]?["capability"]?["protocolVersion"]?.intValue == 7)
    #expect(answers[1]["getCapabilityResult"]?["capability"]?["protocolVersion"]?.intValue == 5)
  }

  @Test func expandsAnAttachedMacro() {
    let request = """
      {"expandAttachedMacro":{"macro":{"moduleName":"PerceptionMacros","typeName":"PerceptionTrackedMacro",\
      "name":"PerceptionTracked"},"macroRole":"peer","discriminator":"$s1",\
      "attributeSyntax":{"kind":"attribute","source":"@PerceptionTracked","location":{"fileID":"M/@__swiftmacro_X.swift",\
      "fileName":"@__swiftmacro_X.swift","offset":0,"line":1,"column":1}},\
      "declSyntax":{"kind":"declaration","source":"\\n  var count = 0","location":{"fileID":"M/F.swift",\
      "fileName":"F.swift","offset":51,"line":3,"column":20}},"lexicalContext":[]}}
      """
    let answers = runLoop(PluginLoop.frame(request) + zero)
    let result = answers.first?["expandMacroResult"]
    #expect(
      result?["expandedSource"]?.stringValue == "@PerceptionIgnored\nprivate var _count = 0")
    #expect(result?["diagnostics"] == .array([]))
  }

  @Test(arguments: [
    "not json", "{\"truncated\":", "[1,2]", "{}", #"{"somethingNew":{}}"#,
    #"{"expandAttachedMacro":{"macroRole":"peer"}}"#, #"{"expandFreestandingMacro":{}}"#,
  ])
  func answersBadMessagesWithAnError(message: String) {
    let answers = runLoop(PluginLoop.frame(message) + zero)
    #expect(answers.count == 1)
    let diagnostics = answers.first?["expandMacroResult"]?["diagnostics"]?.arrayValue
    #expect(diagnostics?.count == 1)
    #expect(diagnostics?.first?["severity"]?.stringValue == "error")
    #expect(answers.first?["expandMacroResult"]?["expandedSource"] == nil)
  }

  @Test func keepsGoingAfterABadMessage() {
    let answers = runLoop(
      PluginLoop.frame("garbage")
        + PluginLoop.frame(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#) + zero)
    #expect(answers.count == 2)
    #expect(answers[1]["getCapabilityResult"] != nil)
  }

  @Test func stopsAtZeroLength() {
    let answers = runLoop(
      zero + PluginLoop.frame(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#))
    #expect(answers.isEmpty)
  }

  @Test func stopsQuietlyOnTruncatedInput() {
    #expect(runLoop([]).isEmpty)
    #expect(runLoop([5, 0, 0]).isEmpty)
    #expect(runLoop([200, 0, 0, 0, 0, 0, 0, 0] + Array("{\"a\"".utf8)).isEmpty)
  }

  @Test func refusesAnAbsurdLength() {
    let answers = runLoop([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
    #expect(answers.count == 1)
    #expect(answers.first?["expandMacroResult"]?["diagnostics"]?.arrayValue?.count == 1)
  }
}
