// The option table built from Options.def, and a command-line parser that accepts exactly what
// NVIDIA's nvcc accepts and fails with nvcc's own messages, so that Drawbridge's nvcc can stand
// in for it in existing build systems. The rules below were worked out by running nvcc 13.0
// with --dryrun; each one names the nvcc behaviour it copies.
#include "Options.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <unordered_map>
#include <utility>

namespace drawbridge::driver {
namespace {

constexpr OptionInfo kOptions[] = {
#define NVCC_OPTION(Id, Long, Short, Kind, Support, Help)                                          \
  {OptionId::Id, Long, Short, Kind, Support, Help},
#include "Options.def"
#undef NVCC_OPTION
};

constexpr bool tableIsIndexedById() {
  for (std::size_t i = 0; i < std::size(kOptions); ++i)
    if (static_cast<std::size_t>(kOptions[i].id) != i)
      return false;
  return true;
}
static_assert(tableIsIndexedById(), "kOptions[i] must describe OptionId i");

// The only options whose value may be glued to the short name: -Ipath, -DX=1, -UX, -Lpath,
// -lfoo, -O3, -t4. nvcc rejects -ofile, -xcu, -isystemdir, -stdc++17 and the like as unknown.
constexpr OptionId kAttachedValueOptions[] = {
    OptionId::IncludePath, OptionId::DefineMacro, OptionId::UndefineMacro, OptionId::LibraryPath,
    OptionId::Library,     OptionId::Optimize,    OptionId::Threads,
};

// Options whose value may be left out, and what leaving it out means. Such an option takes the
// next argument only when it does not start with '-': "-Ofc -c" is -Ofc=0 -c, "-c -Ofc x.cu"
// fails on the value 'x.cu'. Every other option takes the next argument whatever it is.
std::optional<std::string_view> impliedValue(OptionId id) {
  switch (id) {
  case OptionId::OfastCompile:
    return "0";
  case OptionId::HostLinkerScript:
    return "use-lcs";
  default:
    return std::nullopt;
  }
}

// nvcc reads options files nested 15 deep; opening a 16th fails.
constexpr int kMaxOptionsFileDepth = 15;

struct NameIndex {
  std::unordered_map<std::string_view, const OptionInfo *> byLongName;
  std::unordered_map<std::string_view, const OptionInfo *> byShortName;
};

const NameIndex &nameIndex() {
  static const NameIndex index = [] {
    NameIndex built;
    for (const OptionInfo &info : kOptions) {
      built.byLongName.emplace(info.longName, &info);
      if (!info.shortName.empty())
        built.byShortName.emplace(info.shortName, &info);
    }
    return built;
  }();
  return index;
}

const OptionInfo *findOption(const std::unordered_map<std::string_view, const OptionInfo *> &names,
                             std::string_view name) {
  auto found = names.find(name);
  return found == names.end() ? nullptr : found->second;
}

// ---- Checks nvcc makes on values while parsing ----------------------------------------------

struct ValueRule {
  bool number = false;  // a 32-bit integer, written as strtol reads it with base 0
  bool boolean = false; // exactly "true" or "false"
  std::span<const std::string_view> allowed = {}; // when not empty, the value must be one of these
};

constexpr std::string_view kStdValues[] = {"c++03", "c++11", "c++14", "c++17", "c++20"};
constexpr std::string_view kLanguageValues[] = {"c", "c++", "cu"};
constexpr std::string_view kCudartValues[] = {"none", "shared", "static"};
constexpr std::string_view kCudadevrtValues[] = {"none", "static"};
constexpr std::string_view kDefaultStreamValues[] = {"legacy", "null", "per-thread"};
constexpr std::string_view kMachineValues[] = {"64"};
constexpr std::string_view kOptimizationInfoValues[] = {"inline"};
constexpr std::string_view kOfastCompileValues[] = {"0", "max", "mid", "min"};
constexpr std::string_view kDoptValues[] = {"on"};
constexpr std::string_view kHostLinkerScriptValues[] = {"gen-lcs", "use-lcs"};
constexpr std::string_view kWerrorValues[] = {
    "all-warnings",
    "cross-execution-space-call",
    "default-stream-launch",
    "deprecated-declarations",
    "ext-lambda-captures-this",
    "missing-launch-bounds",
    "reorder",
};

ValueRule valueRule(OptionId id) {
  switch (id) {
  case OptionId::Optimize:
  case OptionId::Threads:
  case OptionId::SplitCompile:
  case OptionId::SplitCompileExtended:
  case OptionId::Maxrregcount:
  case OptionId::JumpTableDensity:
  case OptionId::FtemplateBacktraceLimit:
  case OptionId::FtemplateDepth:
  case OptionId::DiagError:
  case OptionId::DiagSuppress:
  case OptionId::DiagWarn:
    return {.number = true};
  case OptionId::RelocatableDeviceCode:
  case OptionId::Ftz:
  case OptionId::PrecDiv:
  case OptionId::PrecSqrt:
  case OptionId::Fmad:
  case OptionId::StaticGlobalTemplateStub:
  case OptionId::DeviceEntityHasHiddenVisibility:
  case OptionId::BriefDiagnostics:
  case OptionId::DeviceStackProtector:
    return {.boolean = true};
  case OptionId::Machine: // "-m foo" is not a number; "-m 32" is a number but not allowed
    return {.number = true, .allowed = kMachineValues};
  case OptionId::Std:
    return {.allowed = kStdValues};
  case OptionId::Language:
    return {.allowed = kLanguageValues};
  case OptionId::Cudart:
    return {.allowed = kCudartValues};
  case OptionId::Cudadevrt:
    return {.allowed = kCudadevrtValues};
  case OptionId::DefaultStream:
    return {.allowed = kDefaultStreamValues};
  case OptionId::OptimizationInfo:
    return {.allowed = kOptimizationInfoValues};
  case OptionId::OfastCompile:
    return {.allowed = kOfastCompileValues};
  case OptionId::Dopt:
    return {.allowed = kDoptValues};
  case OptionId::HostLinkerScript:
    return {.allowed = kHostLinkerScriptValues};
  case OptionId::Werror:
    return {.allowed = kWerrorValues};
  default:
    return {};
  }
}

// nvcc takes numbers as strtol does with base 0 (leading blanks, a sign, 0x hex, 0 octal) and
// wants the whole text used. It lets an empty value through.
std::optional<long long> readNumber(const std::string &text) {
  char *end = nullptr;
  errno = 0;
  long long number = std::strtoll(text.c_str(), &end, 0);
  if (end == text.c_str() || *end != '\0')
    return std::nullopt;
  if (errno == ERANGE)
    return number > 0 ? INT64_MAX : INT64_MIN; // out of any 32-bit range either way
  return number;
}

std::optional<ParseError> checkValue(const OptionInfo &info, const std::string &value) {
  ValueRule rule = valueRule(info.id);
  if (rule.number && !value.empty()) {
    std::optional<long long> number = readNumber(value);
    if (!number)
      return ParseError{"'" + value + "': expected a number"};
    if (*number < INT32_MIN || *number > INT32_MAX)
      return ParseError{"32-bit integer value (" + value + ") out of range"};
  }
  if (rule.boolean && value != "true" && value != "false")
    return ParseError{"'" + value + "': expected true or false"};
  if (!rule.allowed.empty()) {
    bool allowed = false;
    for (std::string_view candidate : rule.allowed)
      allowed = allowed || candidate == value;
    if (!allowed)
      return ParseError{"Value '" + value + "' is not defined for option '" +
                        std::string(info.longName) + "'"};
  }
  return std::nullopt;
}

// Whether two values of the same option mean the same; -O3 and -O03 do.
bool sameValue(OptionId id, const std::string &a, const std::string &b) {
  if (valueRule(id).number && !a.empty() && !b.empty())
    return readNumber(a) == readNumber(b);
  return a == b;
}

ParseError strayCharacter(std::string_view character) {
  return ParseError{"Stray '" + std::string(character) + "' character"};
}

// ---- Splitting values and options files -----------------------------------------------------

// A list value is split on commas. A backslash takes the next character literally (so "\,"
// is a comma inside an item and the backslash goes); double quotes protect commas and stay in
// the item; empty items are dropped. nvcc: -DA=1,B=2 -> A=1 B=2; -D'X="a,b"' -> X="a,b";
// -DX=a\,b -> X=a,b; -D 'a"b' -> Stray '"' character; a trailing backslash -> Stray ''
// character (nvcc prints the NUL after the backslash, i.e. nothing).
std::variant<std::vector<std::string>, ParseError> splitListValue(std::string_view text) {
  std::vector<std::string> items;
  std::string item;
  bool inQuotes = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\') {
      if (i + 1 == text.size())
        return strayCharacter("");
      item += text[++i];
    } else if (c == '"') {
      inQuotes = !inQuotes;
      item += c;
    } else if (c == ',' && !inQuotes) {
      if (!item.empty())
        items.push_back(std::move(item));
      item.clear();
    } else {
      item += c;
    }
  }
  if (inQuotes)
    return strayCharacter("\"");
  if (!item.empty())
    items.push_back(std::move(item));
  return items;
}

bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

} // namespace

std::string quoteListItem(std::string_view item) {
  std::string quoted;
  for (char c : item) {
    if (c == '\\' || c == ',' || c == '"')
      quoted += '\\';
    quoted += c;
  }
  return quoted;
}

std::vector<std::string> splitHostWords(std::string_view value) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  for (std::size_t i = 0; i < value.size(); ++i) {
    char c = value[i];
    if (isBlank(c)) {
      if (inWord)
        words.push_back(std::move(word));
      word.clear();
      inWord = false;
      continue;
    }
    inWord = true;
    if (c == '\\' && i + 1 < value.size()) {
      word += value[++i];
    } else if (c == '\'') {
      while (++i < value.size() && value[i] != '\'')
        word += value[i];
    } else if (c == '"') {
      while (++i < value.size() && value[i] != '"') {
        if (value[i] == '\\' && i + 1 < value.size())
          ++i;
        word += value[i];
      }
    } else {
      word += c;
    }
  }
  if (inWord)
    words.push_back(std::move(word));
  return words;
}

namespace {

// An options file holds arguments separated by white space. Double quotes group (and are
// removed: "a b" and a"b c"d are one argument each); single quotes are ordinary characters;
// a backslash takes the next character literally except that \" vanishes entirely, as in
// nvcc, where -o \"q\" names the file q. There are no comments.
std::variant<std::vector<std::string>, ParseError> splitOptionsFile(std::string_view text) {
  std::vector<std::string> arguments;
  std::string argument;
  bool inArgument = false;
  bool inQuotes = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\') {
      if (i + 1 == text.size())
        return strayCharacter("");
      char escaped = text[++i];
      if (escaped != '"')
        argument += escaped;
      inArgument = true;
    } else if (c == '"') {
      inQuotes = !inQuotes;
      inArgument = true;
    } else if (isBlank(c) && !inQuotes) {
      if (inArgument)
        arguments.push_back(std::move(argument));
      argument.clear();
      inArgument = false;
    } else {
      argument += c;
      inArgument = true;
    }
  }
  if (inQuotes)
    return strayCharacter("\"");
  if (inArgument)
    arguments.push_back(std::move(argument));
  return arguments;
}

// ---- Recognising an argument ----------------------------------------------------------------

struct OptionMatch {
  const OptionInfo *info;
  std::string_view spelling;                   // "--output-file", "-o", "-I" (of "-Ipath")
  std::optional<std::string_view> inlineValue; // after "=", or glued to -I/-D/...
};

// "--long" and "-short" name options; "-long" and "--short" do not (nvcc: Unknown option
// '-output-file', '--o'). "=" after the name starts the value. Failing an exact match, an
// argument starting with one of the kAttachedValueOptions takes the rest as value, "=" and
// all: -Dx=1 is x=1, -ldirfoo is -l dirfoo, -threads=1 is -t with "hreads=1".
std::optional<OptionMatch> matchOption(std::string_view argument) {
  std::size_t equals = argument.find('=');
  std::string_view name = argument.substr(0, equals);
  std::optional<std::string_view> inlineValue;
  if (equals != std::string_view::npos)
    inlineValue = argument.substr(equals + 1);

  const NameIndex &index = nameIndex();
  const OptionInfo *info = name.starts_with("--") ? findOption(index.byLongName, name.substr(2))
                                                  : findOption(index.byShortName, name.substr(1));
  if (info)
    return OptionMatch{info, name, inlineValue};

  if (argument.size() > 2 && argument[1] != '-') {
    for (OptionId id : kAttachedValueOptions) {
      const OptionInfo &attached = optionInfo(id);
      if (argument[1] == attached.shortName[0])
        return OptionMatch{&attached, argument.substr(0, 2), argument.substr(2)};
    }
  }
  return std::nullopt;
}

// ---- The parser -----------------------------------------------------------------------------

class CommandLineParser {
public:
  // Parses one run of arguments: the command line, or the contents of one options file. A
  // value is never taken from beyond the run (nvcc: "-o" ending a file is missing its value).
  std::optional<ParseError> parse(std::span<const std::string> arguments, int fileDepth);

  // Settles the unknown options once everything is read, since the forwarding options may
  // come after them.
  std::variant<ParsedCommandLine, ParseError> finish() &&;

private:
  std::optional<ParseError> addValueOption(const OptionInfo &info, std::string spelling,
                                           std::string value, int fileDepth);
  std::optional<ParseError> readOptionsFile(const std::string &path, int depth);

  ParsedCommandLine result_;
  std::vector<std::string> unknownOptions_;
};

std::optional<ParseError> CommandLineParser::parse(std::span<const std::string> arguments,
                                                   int fileDepth) {
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string &argument = arguments[i];
    // Operands: whatever does not start with '-', and a lone "-" (nvcc's standard input).
    if (argument.size() < 2 || argument[0] != '-') {
      result_.inputs.push_back(argument);
      continue;
    }
    std::optional<OptionMatch> match = matchOption(argument);
    if (!match) {
      // nvcc reports unknown options only after reading everything, so a missing value or a
      // bad value later on the line wins, and --forward-unknown-* may come later.
      unknownOptions_.push_back(argument);
      continue;
    }
    const OptionInfo &info = *match->info;
    std::string spelling(match->spelling);
    if (info.kind == OptionKind::Flag) {
      if (match->inlineValue)
        return ParseError{"no argument expected after '" + spelling + "'"};
      result_.options.push_back(ParsedOption{info.id, std::move(spelling), {}});
      continue;
    }
    std::optional<std::string_view> implied = impliedValue(info.id);
    std::string value;
    if (match->inlineValue)
      value = *match->inlineValue;
    else if (i + 1 < arguments.size() && !(implied && arguments[i + 1].starts_with('-')))
      value = arguments[++i]; // usually taken even if it starts with '-': -o -c names "-c"
    else if (implied)
      value = *implied;
    else
      return ParseError{"argument expected after '" + spelling + "'"};
    if (std::optional<ParseError> error =
            addValueOption(info, std::move(spelling), std::move(value), fileDepth))
      return error;
  }
  return std::nullopt;
}

std::optional<ParseError> CommandLineParser::addValueOption(const OptionInfo &info,
                                                            std::string spelling, std::string value,
                                                            int fileDepth) {
  if (info.kind == OptionKind::Value) {
    if (std::optional<ParseError> error = checkValue(info, value))
      return error;
    if (const ParsedOption *previous = result_.last(info.id);
        previous && !sameValue(info.id, previous->values.front(), value))
      result_.warnings.push_back("incompatible redefinition for option '" +
                                 std::string(info.longName) +
                                 "', the last value of this option was used");
    if (info.id == OptionId::DefaultStream && value == "null")
      result_.warnings.push_back("'null' is a deprecated value for option '--default-stream "
                                 "(-default-stream)'. Use 'legacy' instead.");
    result_.options.push_back(ParsedOption{info.id, std::move(spelling), {std::move(value)}});
    return std::nullopt;
  }

  // A --generate-code value is one arch=...,code=... specification; splitting it on commas
  // would tear it apart.
  if (info.id == OptionId::GenerateCode) {
    std::variant<GenerateCodeSpec, ParseError> spec = parseGenerateCodeSpec(value);
    if (auto *error = std::get_if<ParseError>(&spec))
      return std::move(*error);
    result_.options.push_back(ParsedOption{info.id, std::move(spelling), {std::move(value)}});
    return std::nullopt;
  }

  std::variant<std::vector<std::string>, ParseError> split = splitListValue(value);
  if (auto *error = std::get_if<ParseError>(&split))
    return std::move(*error);
  auto &items = std::get<std::vector<std::string>>(split);
  for (const std::string &item : items)
    if (std::optional<ParseError> error = checkValue(info, item))
      return error;
  result_.options.push_back(ParsedOption{info.id, std::move(spelling), items});

  if (info.id == OptionId::OptionsFile)
    for (const std::string &path : items)
      if (std::optional<ParseError> error = readOptionsFile(path, fileDepth + 1))
        return error;
  return std::nullopt;
}

// Relative paths, also inside options files, are relative to the working directory.
std::optional<ParseError> CommandLineParser::readOptionsFile(const std::string &path, int depth) {
  if (depth > kMaxOptionsFileDepth)
    return ParseError{"Too many options file opened '" + path + "'"};
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return ParseError{"Could not open options file '" + path + "'"};
  std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  std::variant<std::vector<std::string>, ParseError> arguments = splitOptionsFile(text);
  if (auto *error = std::get_if<ParseError>(&arguments))
    return std::move(*error);
  return parse(std::get<std::vector<std::string>>(arguments), depth);
}

std::variant<ParsedCommandLine, ParseError> CommandLineParser::finish() && {
  if (!unknownOptions_.empty()) {
    bool forwardAll = result_.has(OptionId::ForwardUnknownOpts);
    bool toCompiler = forwardAll || result_.has(OptionId::ForwardUnknownToHostCompiler);
    bool toLinker = forwardAll || result_.has(OptionId::ForwardUnknownToHostLinker);
    if (!toCompiler && !toLinker)
      return ParseError{"Unknown option '" + unknownOptions_.front() + "'"};
    if (toCompiler)
      result_.forwardedToCompiler = unknownOptions_;
    if (toLinker)
      result_.forwardedToLinker = unknownOptions_;
  }
  return std::move(result_);
}

// ---- --generate-code ------------------------------------------------------------------------

// Removes the grouping from a keyword's value: double quotes, and outside them matched
// brackets, nested ones too (a lone "]" stays). With splitOnCommas every comma separates items,
// even a quoted one (nvcc reads code="sm_80,compute_80" as two codes), and empty items are
// kept (nvcc then reports the empty architecture '').
std::vector<std::string> ungroup(std::string_view text, bool splitOnCommas) {
  std::vector<std::string> items(1);
  bool inQuotes = false;
  int bracketDepth = 0;
  for (char c : text) {
    if (c == '"')
      inQuotes = !inQuotes;
    else if (!inQuotes && c == '[')
      ++bracketDepth;
    else if (!inQuotes && c == ']' && bracketDepth > 0)
      --bracketDepth;
    else if (c == ',' && splitOnCommas)
      items.emplace_back();
    else
      items.back() += c;
  }
  return items;
}

} // namespace

// ---- Public interface -----------------------------------------------------------------------

std::span<const OptionInfo> allOptions() { return kOptions; }

const OptionInfo &optionInfo(OptionId id) { return kOptions[static_cast<std::size_t>(id)]; }

bool ParsedCommandLine::has(OptionId id) const { return last(id) != nullptr; }

const ParsedOption *ParsedCommandLine::last(OptionId id) const {
  for (auto option = options.rbegin(); option != options.rend(); ++option)
    if (option->id == id)
      return &*option;
  return nullptr;
}

std::vector<std::string> ParsedCommandLine::valuesOf(OptionId id) const {
  std::vector<std::string> values;
  for (const ParsedOption &option : options)
    if (option.id == id)
      values.insert(values.end(), option.values.begin(), option.values.end());
  return values;
}

std::variant<ParsedCommandLine, ParseError> parseCommandLine(std::span<const std::string> args) {
  CommandLineParser parser;
  if (std::optional<ParseError> error = parser.parse(args, /*fileDepth=*/0))
    return std::move(*error);
  return std::move(parser).finish();
}

// nvcc's messages, e.g. for "arch=compute_80,code=sm_80,sm_86": 'sm_86' is not in
// 'keyword=value' format. Note the trailing space nvcc puts after "redefinition of keyword
// 'arch'", and the "(null)" it prints for an absent code when the architecture is missing too.
std::variant<GenerateCodeSpec, ParseError> parseGenerateCodeSpec(std::string_view spec) {
  // Keyword items are separated by commas outside [...] and "...".
  std::vector<std::string_view> items;
  int bracketDepth = 0;
  bool inQuotes = false;
  std::size_t itemStart = 0;
  for (std::size_t i = 0; i < spec.size(); ++i) {
    char c = spec[i];
    if (c == '"')
      inQuotes = !inQuotes;
    else if (inQuotes)
      continue;
    else if (c == '[')
      ++bracketDepth;
    else if (c == ']' && bracketDepth > 0)
      --bracketDepth;
    else if (c == ',' && bracketDepth == 0) {
      items.push_back(spec.substr(itemStart, i - itemStart));
      itemStart = i + 1;
    }
  }
  items.push_back(spec.substr(itemStart));
  if (bracketDepth > 0)
    return strayCharacter("[");
  if (inQuotes)
    return strayCharacter("\"");

  std::optional<std::string_view> arch;
  std::optional<std::string_view> code;
  for (std::string_view item : items) {
    while (!item.empty() && isBlank(item.front()))
      item.remove_prefix(1);
    if (item.empty())
      continue;
    std::size_t equals = item.find('=');
    if (equals == std::string_view::npos)
      return ParseError{"'" + std::string(item) + "' is not in 'keyword=value' format"};
    std::string_view keyword = item.substr(0, equals);
    std::optional<std::string_view> *slot = keyword == "arch"   ? &arch
                                            : keyword == "code" ? &code
                                                                : nullptr;
    if (!slot)
      return ParseError{"Keyword '" + std::string(keyword) +
                        "' is not defined for option 'generate-code'"};
    if (*slot)
      return ParseError{"redefinition of keyword '" + std::string(keyword) + "' "};
    *slot = item.substr(equals + 1);
  }
  if (!arch)
    return ParseError{"Option '--generate-code code=" + std::string(code.value_or("(null)")) +
                      "', missing architecture"};
  if (!code)
    return ParseError{"Option '--generate-code arch=" + std::string(*arch) + "', missing code"};
  return GenerateCodeSpec{ungroup(*arch, /*splitOnCommas=*/false).front(),
                          ungroup(*code, /*splitOnCommas=*/true)};
}

} // namespace drawbridge::driver
