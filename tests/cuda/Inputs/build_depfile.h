// Header included by build_depfile.cu; its dependency rules must name it.
#pragma once
#define DEPFILE_FACTOR 3
