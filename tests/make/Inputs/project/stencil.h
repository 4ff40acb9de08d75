// Shared between the translation units; a change here must rebuild both (the .d files say so).
#pragma once
constexpr int kRadius = 2;
void runStencil(const float *in, float *out, int n);
