/* gridstone: one include for the whole public API. */
#ifndef GRIDSTONE_H
#define GRIDSTONE_H
#include "gridstone/error.h"
#include "gridstone/board.h"
#include "gridstone/spec.h"
#include "gridstone/game.h"
#include "gridstone/util.h"
#include "gridstone/ai.h"
/* The project's one version number (the Makefile, the SGF AP[] property,
 * `gridstone --version`, GTP `version` and Gomocup ABOUT all use it). */
#define GS_VERSION "0.1.0"
#endif
