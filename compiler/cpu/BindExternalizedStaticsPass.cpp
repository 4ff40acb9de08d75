// BindExternalizedStaticsPass; see BindExternalizedStaticsPass.h.
#include "BindExternalizedStaticsPass.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace drawbridge::cpu {

PreservedAnalyses BindExternalizedStaticsPass::run(Module &M, ModuleAnalysisManager &) {
  constexpr StringLiteral Marker = "__static__";
  StringMap<GlobalVariable *> Definitions; // plain name -> renamed definition
  for (GlobalVariable &G : M.globals()) {
    size_t At = G.getName().rfind(Marker);
    if (!G.isDeclaration() && At != StringRef::npos && At > 0)
      Definitions[G.getName().take_front(At)] = &G;
  }
  bool Changed = false;
  for (GlobalVariable &G : make_early_inc_range(M.globals())) {
    if (!G.isDeclaration())
      continue;
    auto It = Definitions.find(G.getName());
    if (It == Definitions.end() || It->second->getValueType() != G.getValueType())
      continue;
    GlobalVariable *Definition = It->second;
    Constant *Replacement = Definition;
    if (Definition->getType() != G.getType())
      Replacement = ConstantExpr::getAddrSpaceCast(Definition, G.getType());
    G.replaceAllUsesWith(Replacement);
    G.eraseFromParent();
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
