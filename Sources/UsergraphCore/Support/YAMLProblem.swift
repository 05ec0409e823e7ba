import Yams

extension YamlError {
    /// A YAML syntax error as a message: where, and libyaml's own words for what (those stay
    /// English). The config and the strings files both say it this way. libyaml notices an
    /// unclosed quote or bracket where the next token should have been (often the next line, or
    /// the end of the file): for those, the place given is where the quote or bracket opens.
    /// (Its other contexts, "while scanning a plain scalar" or a block mapping, point further
    /// back than the mistake.)
    package var problem: Message {
        switch self {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            if let context, context.text.contains("quoted") || context.text.contains("flow"), context.mark.line <= mark.line {
                return Message(
                    "errors.yaml.syntax",
                    [
                        "line": String(context.mark.line), "column": String(context.mark.column),
                        "problem": problem + " " + context.text,
                    ])
            }
            return Message("errors.yaml.syntax", ["line": String(mark.line), "column": String(mark.column), "problem": problem])
        default:
            return Message("errors.yaml.other", ["problem": "\(self)"])
        }
    }
}
