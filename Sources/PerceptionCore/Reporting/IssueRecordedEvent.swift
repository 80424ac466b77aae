/// A report as an event record of Swift Testing's JSON schema, version 6.3 (swift-testing's
/// `Documentation/ABI/JSON.md`): `{"version", "kind": "event", "payload": <event>}`, the event
/// of kind `issueRecorded`, a failing issue of severity `error`.
struct IssueRecordedEvent {
  /// The schema version the record follows, passed beside it to the handler.
  static let schemaVersion = "6.3"

  let report: RuntimeReport

  /// When the report was made: a monotonic clock's seconds (the schema's `absolute`) and the
  /// wall clock's since 1970.
  let instant: (monotonic: Double, since1970: Double)

  /// The record, on one line. The report's text is the event's one message, and its
  /// `_comments`, where Swift Testing's decoder finds an issue's comments (not yet in the
  /// schema). Where the read's location is known, the issue has it: the schema requires a
  /// `filePath`, and only `#fileID` is known here, so the two are the same.
  var json: String {
    var issue = #""isKnown":false,"severity":"error","isFailure":true"#
    if let location = report.location {
      let file = Self.quoted("\(location.fileID)")
      issue +=
        #","sourceLocation":{"fileID":\#(file),"filePath":\#(file),"#
        + #""line":\#(location.line),"column":\#(location.column)}"#
    }
    let text = Self.quoted(report.message)
    return #"{"version":"\#(Self.schemaVersion)","kind":"event","payload":{"#
      + #""kind":"issueRecorded","#
      + #""instant":{"absolute":\#(instant.monotonic),"since1970":\#(instant.since1970)},"#
      + #""issue":{\#(issue)},"messages":[{"symbol":"fail","text":\#(text)}],"#
      + #""_comments":[\#(text)]}}"#
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\": result += "\\" + String(scalar)
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
