// Included by spaced_launch.cu from its own directory.
#define SPACED_BLOCKS 2
