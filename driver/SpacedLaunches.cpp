// Joining spaced kernel launch brackets; see SpacedLaunches.h.
#include "SpacedLaunches.h"

#include <cctype>

namespace drawbridge::driver {
namespace {

// A forward scan of C++ source that knows where comments and literals are.
class Scanner {
public:
  explicit Scanner(std::string_view text) : Text(text) {}

  // The end of the comment starting at `at`, or `at` when none starts there.
  size_t commentEnd(size_t at) const {
    if (Text.substr(at, 2) == "//") {
      size_t end = Text.find('\n', at);
      return end == std::string_view::npos ? Text.size() : end;
    }
    if (Text.substr(at, 2) == "/*") {
      size_t end = Text.find("*/", at + 2);
      return end == std::string_view::npos ? Text.size() : end + 2;
    }
    return at;
  }

  // The end of the string or character literal starting at `at` (raw strings included), or
  // `at` when none starts there.
  size_t literalEnd(size_t at) const {
    char c = Text[at];
    if (c == 'R' && Text.substr(at + 1, 1) == "\"" && !identifierBefore(at)) {
      size_t open = Text.find('(', at + 2);
      if (open == std::string_view::npos)
        return Text.size();
      std::string close = ")" + std::string(Text.substr(at + 2, open - at - 2)) + "\"";
      size_t end = Text.find(close, open);
      return end == std::string_view::npos ? Text.size() : end + close.size();
    }
    if (c != '"' && c != '\'')
      return at;
    // A digit separator (1'000'000) is no literal.
    if (c == '\'' && at > 0 && std::isalnum(static_cast<unsigned char>(Text[at - 1])))
      return at;
    for (size_t i = at + 1; i < Text.size(); ++i) {
      if (Text[i] == '\\')
        ++i;
      else if (Text[i] == c || Text[i] == '\n')
        return i + 1;
    }
    return Text.size();
  }

  // The end of the blanks and comments starting at `at`.
  size_t gapEnd(size_t at) const {
    for (;;) {
      if (at < Text.size() && std::isspace(static_cast<unsigned char>(Text[at]))) {
        ++at;
        continue;
      }
      size_t end = commentEnd(at);
      if (end == at)
        return at;
      at = end;
    }
  }

  // Whether the identifier or keyword that ends just before `at`, if any, is `word`.
  bool wordBefore(size_t at, std::string_view word) const {
    size_t end = at;
    while (end > 0 && std::isspace(static_cast<unsigned char>(Text[end - 1])))
      --end;
    size_t begin = end;
    while (begin > 0 && isIdentifierChar(Text[begin - 1]))
      --begin;
    return Text.substr(begin, end - begin) == word;
  }

private:
  static bool isIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  }
  bool identifierBefore(size_t at) const { return at > 0 && isIdentifierChar(Text[at - 1]); }

  std::string_view Text;
};

} // namespace

std::optional<std::string> joinSpacedLaunches(std::string_view source) {
  Scanner scan(source);
  std::string out;
  out.reserve(source.size());
  bool joined = false;
  // Inside a joined launch's configuration, and how many parentheses are open there.
  bool inLaunch = false;
  int depth = 0;
  for (size_t i = 0; i < source.size();) {
    size_t skip = scan.commentEnd(i);
    if (skip == i)
      skip = scan.literalEnd(i);
    if (skip == i && (source.substr(i, 3) == "<<<" || source.substr(i, 3) == ">>>"))
      skip = i + 3;
    if (skip != i) {
      if (inLaunch && depth == 0 && source.substr(i, 3) == ">>>")
        inLaunch = false;
      out.append(source.substr(i, skip - i));
      i = skip;
      continue;
    }
    char c = source[i];
    if (inLaunch && c == '(')
      ++depth;
    if (inLaunch && c == ')' && depth > 0)
      --depth;
    if ((c == '<' || c == '>') && source.substr(i, 2) == std::string(2, c) &&
        source.substr(i + 2, 1) != "=") {
      size_t next = scan.gapEnd(i + 2);
      bool spaced = next > i + 2 && next < source.size() && source[next] == c &&
                    source.substr(next + 1, 1) != std::string(1, c) &&
                    source.substr(next + 1, 1) != "=";
      bool open = spaced && c == '<' && !inLaunch && !scan.wordBefore(i, "operator");
      bool close = spaced && c == '>' && inLaunch && depth == 0;
      if (open || close) {
        out.append(3, c);
        out.append(source.substr(i + 2, next - i - 2));
        i = next + 1;
        joined = joined || open;
        inLaunch = open;
        depth = 0;
        continue;
      }
    }
    out.push_back(c);
    ++i;
  }
  if (!joined)
    return std::nullopt;
  return out;
}

} // namespace drawbridge::driver
