import Foundation
import PerceptionMacroExpansion

/// Feeds the plugin's message loop with broken input: truncated and malformed messages, wrong
/// shapes, and expansion requests whose source cannot be parsed. The loop must answer every whole
/// message with JSON, stop at the end of its input, and never crash or hang.
struct PluginFuzz {
  var random: SeededGenerator
  /// Sources to break: generated classes and members.
  var sources: [String]

  static let roles = ["member", "memberAttribute", "extension", "peer", "accessor", "nonsense"]
  static let macroTypes = [
    "PerceptibleMacro", "PerceptionTrackedMacro", "PerceptionIgnoredMacro",
    "WithPerceptionTrackingMacro", "Unknown",
  ]

  /// Views and view modifiers as `@WithPerceptionTracking` is applied to them, and their
  /// bodies, to break beside the generated classes.
  static let viewSources = [
    """
    @WithPerceptionTracking
    public struct Counter<T: Equatable>: View where T: Sendable {
      let model: Model
      @State private var taps = 0
      var body: some View {
        let text = "\\(model.count)"
        if model.isOn { Text(text) } else { Button { return } label: { Text("") } }
      }
    }
    """,
    """
    @WithPerceptionTracking final class Box<T>: SwiftUI.View {
      typealias Body = Never
      struct Nested { var body: Int { return 1 } }
    }
    """,
    """
    @available(iOS 14, *) @WithPerceptionTracking
    struct Badge: ViewModifier {
      func body(content: Content) -> some View {
        switch count { case 0: content default: guard x else { return Text("") }; Text("") }
      }
    }
    """,
    "  var body: some View { get { Text(\"\") } }",
    "  @ViewBuilder var body: Text { return Text(\"\") }",
    "  func body(content: Content) -> some View { content.map { return $0 } }",
    "@WithPerceptionTracking protocol P { var body: Int { get } }",
    "@WithPerceptionTracking extension V: View {}",
  ]

  static let conformanceLists = [
    "struct Placeholder: Perceptible {}",
    "struct Placeholder: ViewModifier, _PerceptionTrackedView {}",
    "struct Placeholder: View, _PerceptionTrackedViewModifier {}",
    "struct Placeholder: View, ViewModifier, _PerceptionTrackedView {}",
  ]

  /// A JSON string literal for `text`.
  static func quoted(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20: output += String(format: "\\u%04x", scalar.value)
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }

  /// Breaks source text: cuts it, drops or duplicates a piece, or inserts stray characters.
  mutating func mutate(_ source: String) -> String {
    var bytes = Array(source.utf8)
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      guard !bytes.isEmpty else { break }
      let position = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0: bytes = Array(bytes[..<position])
      case 1: bytes.remove(at: position)
      case 2: bytes.insert(random.pick(Array("{}()[]<>\"#`\\/*@:=,;\n".utf8)), at: position)
      case 3:
        let end = min(bytes.count, position + Int.random(in: 1...20, using: &random))
        bytes.insert(contentsOf: bytes[position..<end], at: position)
      default: bytes.insert(contentsOf: Array("#if X\n".utf8), at: position)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  mutating func syntax(_ source: String) -> String {
    let offset = Int.random(in: -2...100_000, using: &random)
    return """
      {"kind":"declaration","source":\(Self.quoted(source)),"location":{"fileID":"M/F.swift",\
      "fileName":"F.swift","offset":\(offset),"line":\(offset / 40),"column":1}}
      """
  }

  /// An expansion request with broken source.
  mutating func request() -> String {
    let source = mutate(random.pick(sources))
    let context = random.chance(50) ? "[\(syntax(mutate(random.pick(sources))))]" : "[]"
    let attribute = random.pick([
      "@Perceptible", "@PerceptionTracked", "@WithPerceptionTracking", "", "@", "\n\n@X(",
    ])
    return """
      {"expandAttachedMacro":{"macro":{"moduleName":"PerceptionMacros",\
      "typeName":\(Self.quoted(random.pick(Self.macroTypes))),"name":"X"},\
      "macroRole":\(Self.quoted(random.pick(Self.roles))),"discriminator":"$s1",\
      "attributeSyntax":\(syntax(attribute)),"declSyntax":\(syntax(source)),\
      "parentDeclSyntax":\(syntax(mutate(random.pick(sources)))),\
      "extendedTypeSyntax":\(syntax("Fuzz")),\
      "conformanceListSyntax":\(syntax(random.pick(Self.conformanceLists))),\
      "lexicalContext":\(context)}}
      """
  }

  /// A message that is not a well-formed request.
  mutating func malformed() -> String {
    switch Int.random(in: 0..<9, using: &random) {
    case 0: return String(request().prefix(Int.random(in: 0...300, using: &random)))
    case 1: return String(repeating: "[", count: Int.random(in: 1...200_000, using: &random))
    case 2: return #"{"getCapability":{"capability":{"protocolVersion":"seven"}}}"#
    case 3: return #"{"expandAttachedMacro":{"macro":7,"macroRole":null}}"#
    case 4: return #"{"unknownMessage":{}}"#
    case 5: return #"{"a":1,"b":2}"#
    case 6: return "\"\\ud800\" 1e999999 -0.0e-5 nul"
    case 7:
      return String(
        decoding: (0..<Int.random(in: 0...64, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }, as: UTF8.self)
    default: return mutate(request())
    }
  }

  /// One input stream: framed messages, and an ending that may be a stop, a cut frame, a frame
  /// that claims too many bytes, or nothing.
  mutating func stream() -> (input: [UInt8], wholeMessages: Int) {
    var input: [UInt8] = []
    var whole = 0
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      let message: String
      switch Int.random(in: 0..<3, using: &random) {
      case 0: message = #"{"getCapability":{"capability":{"protocolVersion":7}}}"#
      case 1: message = request()
      default: message = malformed()
      }
      guard !message.isEmpty else { continue }
      input += PluginLoop.frame(message)
      whole += 1
    }
    switch Int.random(in: 0..<5, using: &random) {
    case 0: input += [UInt8](repeating: 0, count: 8)
    case 1:
      let frame = PluginLoop.frame(request())
      input += frame.prefix(Int.random(in: 1..<frame.count, using: &random))
    case 2: input += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
    case 3: input += [5, 0, 0]
    default: break
    }
    return (input, whole)
  }

  /// Runs the loop over one stream and checks its answers; returns a problem, or nil.
  static func check(_ input: [UInt8], wholeMessages: Int) -> String? {
    var position = 0
    var output: [UInt8] = []
    PluginLoop.run(
      read: { count in
        guard count <= input.count - position else {
          position = input.count
          return nil
        }
        defer { position += count }
        return Array(input[position..<(position + count)])
      },
      write: { output += $0 })
    var index = 0
    var answers = 0
    while index < output.count {
      guard index + 8 <= output.count else { return "a cut answer frame" }
      var length = 0
      for byte in 0..<8 { length |= Int(output[index + byte]) << (8 * byte) }
      index += 8
      guard length <= output.count - index else { return "an answer frame longer than its bytes" }
      guard (try? JSON.parse(Array(output[index..<(index + length)]))) != nil else {
        return "an answer that is not JSON"
      }
      index += length
      answers += 1
    }
    // Every whole message is answered; a refused oversized frame gets one more answer.
    guard answers == wholeMessages || answers == wholeMessages + 1 else {
      return "\(answers) answers to \(wholeMessages) messages"
    }
    return nil
  }
}

/// Runs a check on another thread and gives up waiting after `timeout` seconds.
func withTimeout(_ timeout: Double, _ body: @escaping @Sendable () -> String?) -> String? {
  let done = DispatchSemaphore(value: 0)
  let result = ResultBox()
  Thread.detachNewThread {
    result.set(body())
    done.signal()
  }
  guard done.wait(timeout: .now() + timeout) == .success else { return "hang" }
  return result.get()
}

/// A string set on one thread and read on another.
final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var value: String?
  func set(_ value: String?) { lock.withLock { self.value = value } }
  func get() -> String? { lock.withLock { value } }
}
