/**
 * jest's runtime (jest-runtime 29), with one change that keeps V8's compilation cache working under
 * --experimental-vm-modules (scripts/test.sh sets it for every suite).
 *
 * jest compiles every module of every test file again (each file has its own module registry) as a
 * vm.Script with an importModuleDynamically callback. With --experimental-vm-modules, Node gives
 * each such script a host-defined option of its own (a new Symbol: getHostDefinedOptionId in
 * Node's vm module), and V8's in-isolate compilation cache only hands back a script compiled with
 * the same options: so a worker compiled
 * @medusajs/framework's hundreds of files anew for each test file that loads them (measured: a
 * file that only imports @medusajs/framework/utils, the second time in a worker, 1.27 CPU-s with
 * the flag, 0.65 without).
 *
 * Here a module whose source has no `import(` at all (nothing in it can ever call the callback) is
 * compiled without one: Node then gives it its shared default option and V8 reuses the compiled
 * code in the next test file. A module that has `import(` anywhere (code, string or comment: an
 * `import()` built with new Function counts) is compiled by jest's own code with jest's callback, as
 * before, so dynamic imports behave exactly as they did.
 */
const { Script } = require("vm")
const { handlePotentialSyntaxError } = require("@jest/transform")
const Runtime = require("jest-runtime").default

const DYNAMIC_IMPORT = /\bimport\s*\(/

class CompileCachingRuntime extends Runtime {
  createScriptFromCode(scriptSource, filename) {
    if (DYNAMIC_IMPORT.test(scriptSource)) return super.createScriptFromCode(scriptSource, filename)
    try {
      // as jest-runtime's createScriptFromCode, less the importModuleDynamically callback
      return new Script(this.wrapCodeInModuleWrapper(scriptSource), {
        columnOffset: this._fileTransforms.get(filename)?.wrapperLength,
        displayErrors: true,
        filename: this._resolver.isCoreModule(filename) ? `jest-nodejs-core-${filename}` : filename,
      })
    } catch (e) {
      throw handlePotentialSyntaxError(e)
    }
  }
}

module.exports = CompileCachingRuntime
