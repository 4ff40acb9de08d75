// Placing libomp in host links; see HostLink.h.
#include "HostLink.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>
#include <string_view>

namespace drawbridge::driver {

namespace {

// Options whose value is the next argument: that value is never an input.
bool takesSeparateValue(std::string_view arg) {
  static constexpr std::array<std::string_view, 16> kOptions = {
      "-o", "-Xlinker", "-L",  "-l",  "-x", "-T",       "-u",       "-z",
      "-e", "-MF",      "-MT", "-MQ", "-I", "-isystem", "-include", "-soname"};
  return std::find(kOptions.begin(), kOptions.end(), arg) != kOptions.end();
}

bool isObjectCode(std::string_view path) { return path.ends_with(".o") || path.ends_with(".a"); }

bool isLibrary(std::string_view arg) {
  if (arg.starts_with("-l"))
    return true;
  if (arg.starts_with("-"))
    return false;
  return arg.ends_with(".a") || arg.ends_with(".so") || arg.find(".so.") != std::string_view::npos;
}

// The inputs and options of args, response files read in place; each comes with the index of
// the argument it came from.
struct Argument {
  std::string text;
  size_t from;
};

std::vector<Argument> expand(const std::vector<std::string> &args) {
  std::vector<Argument> out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].starts_with("@")) {
      out.push_back({args[i], i});
      continue;
    }
    std::ifstream file(args[i].substr(1), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    for (std::string &a : responseFileArguments(text))
      out.push_back({std::move(a), i});
  }
  return out;
}

// Calls f on each argument of expanded but the values of options that take the next one.
template <class F> void forEachArgument(const std::vector<Argument> &expanded, F f) {
  for (size_t i = 0; i < expanded.size(); ++i) {
    f(expanded[i]);
    if (takesSeparateValue(expanded[i].text))
      ++i;
  }
}

} // namespace

std::vector<std::string> responseFileArguments(const std::string &text) {
  std::vector<std::string> out;
  std::string current;
  bool inArgument = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < text.size())
        current += text[++i];
      else
        current += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      inArgument = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      current += text[++i];
      inArgument = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (inArgument)
        out.push_back(std::move(current));
      current.clear();
      inArgument = false;
    } else {
      current += c;
      inArgument = true;
    }
  }
  if (inArgument)
    out.push_back(std::move(current));
  return out;
}

bool linkNeedsLibomp(const std::vector<std::string> &args, const CallsLibomp &callsLibomp) {
  const std::vector<Argument> expanded = expand(args);
  bool needs = false;
  forEachArgument(expanded, [&](const Argument &a) {
    needs = needs || a.text == "-fopenmp" || a.text.starts_with("-fopenmp=") ||
            (!a.text.starts_with("-") && isObjectCode(a.text) && callsLibomp(a.text));
  });
  return needs;
}

std::vector<std::string> withLibomp(std::vector<std::string> args, const std::string &dir) {
  const std::vector<Argument> expanded = expand(args);
  if (std::any_of(expanded.begin(), expanded.end(),
                  [](const Argument &a) { return a.text == "-lomp"; }))
    return args;
  size_t at = args.size();
  forEachArgument(expanded, [&](const Argument &a) {
    if (isLibrary(a.text))
      at = std::min(at, a.from);
  });
  const std::array<std::string, 3> libomp = {"-L" + dir, "-lomp", "-Wl,-rpath," + dir};
  args.insert(args.begin() + static_cast<std::ptrdiff_t>(at), libomp.begin(), libomp.end());
  return args;
}

} // namespace drawbridge::driver
