import PerceptionMacroExpansion
import Testing

@Suite("JSON")
struct JSONTests {
  @Test func roundTrips() throws {
    let text = #"{"a":[1,-2.5,true,false,null],"b":"q\"\\\n\u0001é😀","c":{}}"#
    let value = try JSON.parse(text)
    #expect(try JSON.parse(value.text) == value)
    #expect(value["b"]?.stringValue == "q\"\\\n\u{1}é😀")
  }

  @Test(arguments: [
    (#""""#, ""),
    (#""plain text""#, "plain text"),
    (#""\nleading""#, "\nleading"),
    (#""trailing\t""#, "trailing\t"),
    (#""a\"b\\c\/d""#, "a\"b\\c/d"),
    (#""\u00e9\u00e9""#, "éé"),
  ])
  func decodesEscapesAnywhereInAString(json: String, expected: String) throws {
    #expect(try JSON.parse(json) == .string(expected))
  }

  @Test(arguments: [#""unterminated"#, #""bad \x escape""#, #""cut \"#, #""\u12""#])
  func rejectsBrokenStrings(text: String) {
    #expect(throws: JSONError.self) { try JSON.parse(text) }
  }

  @Test func decodesSurrogatePairs() throws {
    #expect(try JSON.parse(#""\ud83d\ude00""#) == .string("😀"))
  }

  @Test(arguments: [
    "", "{", "[1,", "\"open", "tru", "{\"a\" 1}", "1 2", String(repeating: "[", count: 5000),
  ])
  func rejectsMalformedText(text: String) {
    #expect(throws: JSONError.self) { try JSON.parse(text) }
  }
}
