import Yams

extension YamlError {
    /// A YAML syntax error as a message: where, and libyaml's own words for what (those stay
    /// English). The config and the strings files both say it this way.
    public var problem: Message {
        switch self {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return Message("errors.yaml.syntax", ["line": String(mark.line), "column": String(mark.column), "problem": problem])
        default:
            return Message("errors.yaml.other", ["problem": "\(self)"])
        }
    }
}
