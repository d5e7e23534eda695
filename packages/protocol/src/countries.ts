/**
 * ISO 3166-1 alpha-3 country codes (the 249 officially assigned), each with its alpha-2 twin so
 * a browser can name the country in the page's language through `Intl.DisplayNames`.
 */

// One packed string, small in a bundle: each country starts with two capitals. Its alpha-3
// code is those and the next letter; its alpha-2 code is the first two letters (DEU: DE),
// unless the third is written in lower case (AUt: AUT, AT, the first and third letters) or
// two lower-case letters follow (ALAax: ALA, AX).
const PACKED =
  'ABwAFGAGoAIAALAaxALBANdAReARGARmASMATAaqATFtfATgAUSAUtAZEBDiBELBENbjBESbqBFABGdBGRBHRBHs' +
  'BIHbaBLMBLRbyBLzBMUBOLBRABRbBRnBTNBVTBWACAfCANCCKCHECHlCHnCIVCMRCOdCOgCOkCOLCOMkmCPvCRI' +
  'CUBCUwCXRCYMkyCYPCZEDEUDJIDMADNkDOMDZAECUEGYERIEShESPESTeeETHFINFJIFLkFRAFRoFSmGABGBRGEO' +
  'GGYGHAGIBGInGLpGMBGNBgwGNqGRCGRdGRlGTMGUfGUMGUyHKGHMDHNDHRVHTIHUNIDNIMNINDIOTIRLieIRNIRq' +
  'ISLISRilITAJAmJEYJORJPNKAzKENKGZKHMKIRKNAKOrKWTLAOLBNLBrLByLCALIELKALSOLTULUXLVAMACmoMAf' +
  'MARMCOMDAMDgMDvMExMHLMKDMLIMLtMMRMNeMNGMNpMOzMRTMSRMTqMUSMWIMYSMYTytNAMNCLNERNFKNGANIC' +
  'NIuNLDNORNPLNRUNZLOMNPAkPANPCnPERPHLPLwPNgPOlPRIPRKkpPRtPRyPSEPYfQATREUROURUSRWASAUSDN' +
  'SEnSGPSGSgsSHNSJMSLbSLESLvSMRSOMSPMpmSRBrsSSDSTPSUrSVkSVNsiSWeSWzSXMSYcSYRTCATCdTGOTHA' +
  'TJKTKLTKmTLSTONTTOTUnTUrTUvTWNTZAUGAUKRuaUMIURyUSAUZBVATVCTVENVGBVIRVNMVUTWLfWSMYEMZAF' +
  'ZMBZWE';

/** Alpha-3 → alpha-2, in alphabetical order of alpha-3. */
export const COUNTRY_CODES: ReadonlyMap<string, string> = new Map(
  (PACKED.match(/[A-Z]{2}[A-Za-z](?:[a-z]{2})?/g) ?? []).map((country) => {
    const alpha3 = country.slice(0, 3).toUpperCase();
    const alpha2 =
      country.length === 5
        ? country.slice(3)
        : country[2] === alpha3[2]
          ? country.slice(0, 2)
          : `${country[0]}${country[2]}`;
    return [alpha3, alpha2.toUpperCase()];
  }),
);

/** True for an officially assigned ISO 3166-1 alpha-3 code (upper case, as the spec writes it). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}
