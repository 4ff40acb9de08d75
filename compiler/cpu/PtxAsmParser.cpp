// PtxAsmParser: reads the statements of an inline PTX string (see PtxAsmParser.h).
#include "PtxAsmParser.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace drawbridge::cpu::ptx {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

// The string without // and /* */ comments (each comment becomes a space).
std::string withoutComments(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      i = s.find('\n', i);
      if (i == std::string_view::npos)
        break;
      out += '\n';
    } else if (s.compare(i, 2, "/*") == 0) {
      size_t end = s.find("*/", i + 2);
      i = end == std::string_view::npos ? s.size() : end + 1;
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

bool isNameStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '%' || c == '$';
}
bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

// Splits s at the commas (or the given separator) that are not inside {} or [].
std::vector<std::string_view> splitTopLevel(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '{' || c == '[')
      ++depth;
    else if (c == '}' || c == ']')
      --depth;
    else if (c == separator && depth == 0) {
      parts.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  parts.push_back(trim(s.substr(start)));
  return parts;
}

std::optional<uint64_t> parseHex(std::string_view digits) {
  if (digits.empty() || digits.size() > 16)
    return std::nullopt;
  uint64_t value = 0;
  for (char c : digits) {
    if (!std::isxdigit(static_cast<unsigned char>(c)))
      return std::nullopt;
    value = value * 16 + (std::isdigit(static_cast<unsigned char>(c))
                              ? c - '0'
                              : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
  }
  return value;
}

class StatementParser {
public:
  std::string error;

  std::optional<Operand> operand(std::string_view text) {
    text = trim(text);
    Operand op;
    if (text.empty())
      return fail("an empty operand");
    if (auto parts = splitTopLevel(text, '|'); parts.size() == 2) {
      auto first = operand(parts[0]);
      if (!first)
        return std::nullopt;
      first->secondDestination = std::string(parts[1]);
      return first;
    }
    if (text == "_")
      return op;
    if (text.front() == '!') {
      auto inner = operand(text.substr(1));
      if (inner)
        inner->negated = true;
      return inner;
    }
    if (text.front() == '{') {
      if (text.back() != '}')
        return fail("an unclosed '{' in '" + std::string(text) + "'");
      op.kind = Operand::Kind::Vector;
      for (std::string_view element : splitTopLevel(text.substr(1, text.size() - 2), ',')) {
        auto e = operand(element);
        if (!e)
          return std::nullopt;
        op.elements.push_back(*e);
      }
      return op;
    }
    if (text.front() == '[')
      return address(text);
    if (text.front() == '$' && text.size() > 1 &&
        (std::isdigit(static_cast<unsigned char>(text[1])) || text[1] == '{'))
      return placeholder(text);
    if (text.front() == '-' || text.front() == '+' ||
        std::isdigit(static_cast<unsigned char>(text.front())))
      return number(text);
    if (!isNameStart(text.front()) ||
        !std::all_of(text.begin() + 1, text.end(), [](char c) { return isNameChar(c); }))
      return fail("an operand PTX does not have: '" + std::string(text) + "'");
    op.kind = Operand::Kind::Name;
    op.name = std::string(text);
    return op;
  }

private:
  std::nullopt_t fail(const std::string &what) {
    if (error.empty())
      error = what;
    return std::nullopt;
  }

  std::optional<Operand> placeholder(std::string_view text) {
    std::string_view digits = text.substr(1);
    if (digits.front() == '{') {
      if (digits.back() != '}')
        return fail("an unclosed operand reference '" + std::string(text) + "'");
      digits = digits.substr(1, digits.size() - 2);
    }
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        }))
      return fail("an operand reference with a modifier: '" + std::string(text) + "'");
    Operand op;
    op.kind = Operand::Kind::Placeholder;
    op.index = static_cast<unsigned>(std::strtoul(std::string(digits).c_str(), nullptr, 10));
    return op;
  }

  std::optional<Operand> number(std::string_view text) {
    Operand op;
    bool negative = text.front() == '-';
    if (text.front() == '-' || text.front() == '+')
      text.remove_prefix(1);
    std::string digits(text);
    if (digits.size() > 2 && digits[0] == '0' &&
        (digits[1] == 'f' || digits[1] == 'F' || digits[1] == 'd' || digits[1] == 'D')) {
      bool single = digits[1] == 'f' || digits[1] == 'F';
      auto bits = parseHex(std::string_view(digits).substr(2));
      if (!bits || digits.size() != (single ? 10u : 18u))
        return fail("a malformed floating-point constant '" + digits + "'");
      op.kind = single ? Operand::Kind::Float32 : Operand::Kind::Float64;
      op.bits = *bits;
      if (negative)
        op.bits ^= single ? 0x80000000ull : 0x8000000000000000ull;
      return op;
    }
    bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
    if (!hex && digits.find_first_of(".eE") != std::string::npos) {
      char *end = nullptr;
      double value = std::strtod(digits.c_str(), &end);
      if (*end != '\0')
        return fail("a malformed floating-point constant '" + digits + "'");
      if (negative)
        value = -value;
      op.kind = Operand::Kind::Float64;
      std::memcpy(&op.bits, &value, sizeof value);
      return op;
    }
    if (!digits.empty() && (digits.back() == 'U' || digits.back() == 'u'))
      digits.pop_back();
    char *end = nullptr;
    int base = hex ? 16
               : digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B') ? 2
               : digits.size() > 1 && digits[0] == '0'                                           ? 8
                                                       : 10;
    const char *start = digits.c_str() + (base == 16 || base == 2 ? 2 : 0);
    uint64_t value = std::strtoull(start, &end, base);
    if (*end != '\0' || end == start)
      return fail("a malformed integer constant '" + std::string(text) + "'");
    op.kind = Operand::Kind::Integer;
    op.bits = negative ? ~value + 1 : value;
    return op;
  }

  std::optional<Operand> address(std::string_view text) {
    if (text.back() != ']')
      return fail("an unclosed '[' in '" + std::string(text) + "'");
    std::string_view inside = trim(text.substr(1, text.size() - 2));
    Operand op;
    op.kind = Operand::Kind::Address;
    // [texture, {coordinates}] and the like: every part an operand, no offset.
    if (auto parts = splitTopLevel(inside, ','); parts.size() > 1) {
      for (std::string_view part : parts) {
        auto element = operand(part);
        if (!element)
          return std::nullopt;
        op.elements.push_back(*element);
      }
      return op;
    }
    size_t sign = inside.find_first_of("+-", 1);
    std::string_view base = trim(inside.substr(0, sign));
    if (!base.empty() &&
        (std::isdigit(static_cast<unsigned char>(base.front())) || base.front() == '-')) {
      auto absolute = number(inside);
      if (!absolute || absolute->kind != Operand::Kind::Integer)
        return fail("a malformed address '" + std::string(text) + "'");
      op.offset = static_cast<int64_t>(absolute->bits);
      return op;
    }
    auto baseOperand = operand(base);
    if (!baseOperand)
      return std::nullopt;
    op.elements.push_back(*baseOperand);
    if (sign != std::string_view::npos) {
      auto offset = number(inside.substr(sign));
      if (!offset || offset->kind != Operand::Kind::Integer)
        return fail("an address offset that is not a constant in '" + std::string(text) + "'");
      op.offset = static_cast<int64_t>(offset->bits);
    }
    return op;
  }
};

std::vector<std::string> splitModifiers(std::string_view word) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t dot = word.find('.', start);
    parts.emplace_back(word.substr(start, dot - start));
    if (dot == std::string_view::npos)
      return parts;
    start = dot + 1;
  }
}

// ".reg .u32 a, b<2>" (the text after ".reg").
bool parseDeclaration(std::string_view text, RegisterDeclaration &out, std::string &error) {
  text = trim(text);
  while (!text.empty() && text.front() == '.') {
    size_t end = text.find_first_of(" \t\n\r", 0);
    std::string_view word = text.substr(1, end == std::string_view::npos ? end : end - 1);
    if (word.starts_with("v") && word.size() > 1 &&
        std::isdigit(static_cast<unsigned char>(word[1]))) {
      error = "vector register declarations are not supported: '.reg " + std::string(text) + "'";
      return false;
    }
    out.type = std::string(word);
    text = trim(end == std::string_view::npos ? std::string_view() : text.substr(end));
  }
  if (out.type.empty()) {
    error = "a register declaration without a type";
    return false;
  }
  for (std::string_view name : splitTopLevel(text, ',')) {
    size_t open = name.find('<');
    if (open == std::string_view::npos) {
      out.names.emplace_back(name);
      continue;
    }
    std::string count(name.substr(open + 1, name.size() - open - 2));
    char *end = nullptr;
    unsigned long n = std::strtoul(count.c_str(), &end, 10);
    if (name.back() != '>' || *end != '\0' || n > 4096) {
      error = "a malformed register range '" + std::string(name) + "'";
      return false;
    }
    for (unsigned long i = 0; i < n; ++i)
      out.names.push_back(std::string(name.substr(0, open)) + std::to_string(i));
  }
  return true;
}

} // namespace

bool Instruction::has(std::string_view modifier) const {
  return std::find(modifiers.begin(), modifiers.end(), modifier) != modifiers.end();
}

ParsedAsm parse(std::string_view assembly) {
  ParsedAsm result;
  std::string source = withoutComments(assembly);
  std::string_view rest(source);
  auto fail = [&](std::string error) {
    result.error = std::move(error);
    return result;
  };
  while (true) {
    rest = trim(rest);
    if (rest.empty())
      return result;
    if (rest.front() == '{' || rest.front() == '}') {
      rest.remove_prefix(1);
      continue;
    }
    size_t end = rest.find(';');
    if (end == std::string_view::npos)
      return fail("a statement without its ';': '" + std::string(rest) + "'");
    std::string_view text = trim(rest.substr(0, end));
    rest.remove_prefix(end + 1);
    if (text.starts_with(".reg") && (text.size() == 4 || std::isspace(text[4]))) {
      RegisterDeclaration declaration;
      if (!parseDeclaration(text.substr(4), declaration, result.error))
        return result;
      result.statements.emplace_back(std::move(declaration));
      continue;
    }
    if (text.front() == '.')
      return fail("the directive '" + std::string(text.substr(0, text.find_first_of(" \t\n"))) +
                  "' (only .reg declarations are supported)");
    Instruction instruction;
    instruction.text = std::string(text);
    if (text.front() == '@') {
      text.remove_prefix(1);
      if (!text.empty() && text.front() == '!') {
        instruction.guardNegated = true;
        text.remove_prefix(1);
      }
      size_t space = text.find_first_of(" \t\n\r");
      instruction.guard = std::string(text.substr(0, space));
      text = trim(space == std::string_view::npos ? std::string_view() : text.substr(space));
    }
    size_t space = text.find_first_of(" \t\n\r");
    std::string_view word = text.substr(0, space);
    if (word.find(':') != std::string_view::npos)
      return fail("the label '" + std::string(word) + "' (branches are not supported)");
    std::vector<std::string> parts = splitModifiers(word);
    instruction.opcode = parts.front();
    instruction.modifiers.assign(parts.begin() + 1, parts.end());
    std::string_view operands =
        trim(space == std::string_view::npos ? std::string_view() : text.substr(space));
    if (!operands.empty()) {
      StatementParser parser;
      for (std::string_view piece : splitTopLevel(operands, ',')) {
        auto op = parser.operand(piece);
        if (!op)
          return fail(parser.error + " in '" + instruction.text + "'");
        instruction.operands.push_back(std::move(*op));
      }
    }
    result.statements.emplace_back(std::move(instruction));
  }
}

} // namespace drawbridge::cpu::ptx
