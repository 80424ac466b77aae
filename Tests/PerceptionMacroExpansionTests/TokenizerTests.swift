import PerceptionMacroExpansion
import Testing

private func texts(_ source: String) -> [String] {
  let tokens = TokenizedSource(source)
  return (0..<tokens.tokens.count).map { tokens.text($0) }
}

@Suite("Tokenizer")
struct TokenizerTests {
  @Test func skipsCommentsAsTrivia() {
    #expect(texts("a // b { c\n/* d /* nested */ } */ e") == ["a", "e"])
  }

  @Test func splitsTriviaAsSwiftSyntaxDoes() {
    let source = TokenizedSource("\n  var x = 0 // note\n  let y")
    #expect(source.leadingTrivia(0) == "\n  ")
    #expect(source.trailingTrivia(3) == " // note")
    #expect(source.leadingTrivia(4) == "\n  ")
  }

  @Test func readsStringsWithInterpolationWhole() {
    #expect(texts(#"x = "a \(f(")", { "}" }())) b" + 1"#).count == 5)
    #expect(texts(#"x = "a \("\("deep")") }""#) == ["x", "=", #""a \("\("deep")") }""#])
  }

  @Test func readsRawStrings() {
    #expect(texts(##"x = #"a "quoted" \(not) \#(yes(")")) }"# y"##).count == 4)
  }

  @Test func readsMultilineStrings() {
    let source = "x = \"\"\"\n  { \" \"\" (\n  \\(\")\")\n  \"\"\"\ny"
    #expect(texts(source).count == 4)
    #expect(texts(source).last == "y")
  }

  @Test func endsAnUnterminatedStringAtItsLine() {
    #expect(texts("a = \"open\nb") == ["a", "=", "\"open", "b"])
  }

  @Test func balancesBrackets() {
    let source = TokenizedSource("f(a[1], { (x) in \"(\" }) + g")
    #expect(source.matchingClose(1) == source.tokens.count - 3)
  }

  @Test func keepsGenericsAndArrowsApart() {
    #expect(
      texts("Dictionary<String, Array<Int>>") == [
        "Dictionary", "<", "String", ",", "Array", "<", "Int", ">", ">",
      ])
    #expect(texts("() -> Void") == ["(", ")", "->", "Void"])
  }

  @Test func readsPoundDirectivesAsOneToken() {
    #expect(
      texts("#if DEBUG\nvar x\n#else\n#endif") == ["#if", "DEBUG", "var", "x", "#else", "#endif"])
  }

  @Test func readsBackquotedNamesAndNumbers() {
    #expect(texts("`default` = 1.5e3 + 0x1F") == ["`default`", "=", "1.5e3", "+", "0x1F"])
  }

  @Test func survivesHostileInput() {
    let deep = String(repeating: "\"\\(", count: 2000)
    #expect(TokenizedSource(deep).tokens.count >= 1)
    #expect(TokenizedSource(String(repeating: "/*", count: 1000)).tokens.isEmpty)
    #expect(TokenizedSource("").tokens.isEmpty)
  }
}
