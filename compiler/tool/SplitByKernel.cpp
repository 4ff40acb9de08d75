// Splitting a lowered device module by kernel; see SplitByKernel.h.
#include "SplitByKernel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>

using namespace llvm;

namespace drawbridge::device {
namespace {

constexpr unsigned kEveryPart = ~0u; // a constant or helper each part has a copy of

// The kernel whose region F is ("<kernel>.region<N>"), or empty.
StringRef kernelOf(const Function &F) {
  StringRef Name = F.getName();
  size_t At = Name.rfind(".region");
  return At == StringRef::npos ? StringRef() : Name.take_front(At);
}

// Whether the initializer of some global variable names V.
bool namedByVariable(const Value &V) {
  for (const User *U : V.users()) {
    if (isa<GlobalVariable>(U))
      return true;
    if (isa<Constant>(U) && !isa<GlobalValue>(U) && namedByVariable(*U))
      return true;
  }
  return false;
}

// Whether C names any global value.
bool namesGlobal(const Constant &C) {
  if (isa<GlobalValue>(C))
    return true;
  return any_of(C.operands(), [](const Use &U) { return namesGlobal(*cast<Constant>(U.get())); });
}

class Splitter {
public:
  Splitter(Module &M, unsigned MaxParts) : M(M), MaxParts(MaxParts) {}

  // Gives each definition its part; the number of parts, 0 when M has fewer than two kernels.
  unsigned assign();
  // Makes the symbols that parts share global and hidden, renamed with Suffix.
  void exposeSharedSymbols(StringRef Suffix);
  SmallString<0> writePart(unsigned P);

private:
  void partsUsing(const Value &V, SmallSet<unsigned, 4> &Parts);

  Module &M;
  unsigned MaxParts, NumParts = 0;
  DenseMap<const GlobalValue *, unsigned> PartOf;
};

unsigned Splitter::assign() {
  // Kernels (their regions) and functions outside the lowering's naming; a local helper that
  // only code calls goes into every part that calls it.
  MapVector<StringRef, std::pair<size_t, SmallVector<Function *, 8>>> Groups;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    StringRef Kernel = kernelOf(F);
    if (Kernel.empty() && F.hasLocalLinkage()) {
      PartOf[&F] = namedByVariable(F) ? 0 : kEveryPart;
      continue;
    }
    auto &[Size, Functions] = Groups[Kernel.empty() ? F.getName() : Kernel];
    Size += F.getInstructionCount();
    Functions.push_back(&F);
  }
  if (Groups.size() < 2)
    return 0;
  NumParts = std::min<unsigned>(MaxParts, Groups.size());

  // Largest kernels first (in the module's order among equals), each into the part with the
  // least code so far.
  SmallVector<unsigned> BySize;
  for (unsigned G = 0; G < Groups.size(); ++G)
    BySize.push_back(G);
  std::sort(BySize.begin(), BySize.end(), [&](unsigned A, unsigned B) {
    const size_t SizeA = (Groups.begin() + A)->second.first,
                 SizeB = (Groups.begin() + B)->second.first;
    return SizeA != SizeB ? SizeA > SizeB : A < B;
  });
  SmallVector<size_t, 8> Load(NumParts, 0);
  for (unsigned G : BySize) {
    const auto &[Size, Functions] = (Groups.begin() + G)->second;
    const unsigned Lightest = std::min_element(Load.begin(), Load.end()) - Load.begin();
    Load[Lightest] += Size;
    for (Function *F : Functions)
      PartOf[F] = Lightest;
  }

  // Variables live in the first part, but for local constants of plain data that only code
  // reads (a lookup table), which each part keeps its own copy of to fold its loads.
  for (GlobalVariable &G : M.globals()) {
    if (G.isDeclaration())
      continue;
    const bool PlainConstant = G.isConstant() && G.hasLocalLinkage() && !namedByVariable(G) &&
                               !namesGlobal(*G.getInitializer());
    PartOf[&G] = PlainConstant ? kEveryPart : 0;
  }
  return NumParts;
}

void Splitter::partsUsing(const Value &V, SmallSet<unsigned, 4> &Parts) {
  for (const User *U : V.users()) {
    if (const auto *I = dyn_cast<Instruction>(U))
      Parts.insert(PartOf.lookup(I->getFunction()));
    else if (const auto *G = dyn_cast<GlobalValue>(U))
      Parts.insert(PartOf.lookup(G));
    else if (isa<Constant>(U))
      partsUsing(*U, Parts);
  }
}

void Splitter::exposeSharedSymbols(StringRef Suffix) {
  // Letters, digits and underscores only, so that a demangler still reads the name as the
  // kernel's with a clone suffix (profilers show "kernel(int*) [clone .region3] [clone ...]").
  std::string Clean = Suffix.str();
  for (char &C : Clean)
    if (!isAlnum(C))
      C = '_';
  for (auto &[GV, Part] : PartOf) {
    if (Part == kEveryPart || !GV->hasLocalLinkage())
      continue;
    SmallSet<unsigned, 4> Users;
    partsUsing(*GV, Users);
    if (none_of(Users, [&](unsigned P) { return P != Part; }))
      continue;
    auto *Exposed = const_cast<GlobalValue *>(GV);
    Exposed->setName(GV->getName() + "." + Clean);
    Exposed->setLinkage(GlobalValue::ExternalLinkage);
    Exposed->setVisibility(GlobalValue::HiddenVisibility);
  }
}

SmallString<0> Splitter::writePart(unsigned P) {
  ValueToValueMapTy VMap;
  std::unique_ptr<Module> Part = CloneModule(M, VMap, [&](const GlobalValue *GV) {
    auto It = PartOf.find(GV);
    return It != PartOf.end() && (It->second == P || It->second == kEveryPart);
  });
  // The constructor list and the like belong to the first part; elsewhere they are left as
  // declarations, which they cannot be, as a declaration cannot be in a comdat.
  for (GlobalVariable &G : make_early_inc_range(Part->globals()))
    if (G.isDeclaration() && G.getName().starts_with("llvm."))
      G.eraseFromParent();
  for (GlobalObject &G : Part->global_objects())
    if (G.isDeclaration())
      G.setComdat(nullptr);
  SmallString<0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(*Part, OS);
  return Bitcode;
}

} // namespace

std::vector<SmallString<0>> splitByKernel(Module &M, unsigned MaxParts, StringRef Suffix) {
  Splitter S(M, MaxParts);
  const unsigned Parts = S.assign();
  if (Parts < 2)
    return {};
  S.exposeSharedSymbols(Suffix);
  std::vector<SmallString<0>> Out;
  for (unsigned P = 0; P < Parts; ++P)
    Out.push_back(S.writePart(P));
  return Out;
}

} // namespace drawbridge::device
