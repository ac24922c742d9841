// Algeria's 58 wilayas (official codes, French names) with a starting home-delivery price in Da
// that the owner edits in the back office (DESIGN §3.11).
export const WILAYAS: readonly { code: number; name: string; price: number }[] = [
  { code: 1, name: 'Adrar', price: 1200 },
  { code: 2, name: 'Chlef', price: 700 },
  { code: 3, name: 'Laghouat', price: 900 },
  { code: 4, name: 'Oum El Bouaghi', price: 700 },
  { code: 5, name: 'Batna', price: 700 },
  { code: 6, name: 'Béjaïa', price: 600 },
  { code: 7, name: 'Biskra', price: 800 },
  { code: 8, name: 'Béchar', price: 1100 },
  { code: 9, name: 'Blida', price: 500 },
  { code: 10, name: 'Bouira', price: 600 },
  { code: 11, name: 'Tamanrasset', price: 1500 },
  { code: 12, name: 'Tébessa', price: 800 },
  { code: 13, name: 'Tlemcen', price: 700 },
  { code: 14, name: 'Tiaret', price: 700 },
  { code: 15, name: 'Tizi Ouzou', price: 600 },
  { code: 16, name: 'Alger', price: 400 },
  { code: 17, name: 'Djelfa', price: 800 },
  { code: 18, name: 'Jijel', price: 700 },
  { code: 19, name: 'Sétif', price: 600 },
  { code: 20, name: 'Saïda', price: 800 },
  { code: 21, name: 'Skikda', price: 700 },
  { code: 22, name: 'Sidi Bel Abbès', price: 700 },
  { code: 23, name: 'Annaba', price: 700 },
  { code: 24, name: 'Guelma', price: 700 },
  { code: 25, name: 'Constantine', price: 600 },
  { code: 26, name: 'Médéa', price: 600 },
  { code: 27, name: 'Mostaganem', price: 700 },
  { code: 28, name: "M'Sila", price: 700 },
  { code: 29, name: 'Mascara', price: 700 },
  { code: 30, name: 'Ouargla', price: 900 },
  { code: 31, name: 'Oran', price: 600 },
  { code: 32, name: 'El Bayadh', price: 900 },
  { code: 33, name: 'Illizi', price: 1500 },
  { code: 34, name: 'Bordj Bou Arréridj', price: 600 },
  { code: 35, name: 'Boumerdès', price: 500 },
  { code: 36, name: 'El Tarf', price: 800 },
  { code: 37, name: 'Tindouf', price: 1500 },
  { code: 38, name: 'Tissemsilt', price: 700 },
  { code: 39, name: 'El Oued', price: 900 },
  { code: 40, name: 'Khenchela', price: 800 },
  { code: 41, name: 'Souk Ahras', price: 800 },
  { code: 42, name: 'Tipaza', price: 500 },
  { code: 43, name: 'Mila', price: 700 },
  { code: 44, name: 'Aïn Defla', price: 600 },
  { code: 45, name: 'Naâma', price: 1000 },
  { code: 46, name: 'Aïn Témouchent', price: 700 },
  { code: 47, name: 'Ghardaïa', price: 900 },
  { code: 48, name: 'Relizane', price: 700 },
  { code: 49, name: 'Timimoun', price: 1300 },
  { code: 50, name: 'Bordj Badji Mokhtar', price: 1500 },
  { code: 51, name: 'Ouled Djellal', price: 900 },
  { code: 52, name: 'Béni Abbès', price: 1300 },
  { code: 53, name: 'In Salah', price: 1500 },
  { code: 54, name: 'In Guezzam', price: 1500 },
  { code: 55, name: 'Touggourt', price: 1000 },
  { code: 56, name: 'Djanet', price: 1500 },
  { code: 57, name: "El M'Ghair", price: 1000 },
  { code: 58, name: 'El Meniaa', price: 1100 },
];

/**
 * A demo shop's stop desk fee for a home fee (Da): couriers charge a pick-up at their desk about
 * 150 to 300 Da less than a delivery at home, the gap wider where the home fee is higher. A real
 * shop starts without stop desks until it types or imports its courier's fees.
 */
export function demoStopDeskFee(homeDa: number): number {
  if (homeDa <= 500) return homeDa - 150;
  if (homeDa <= 800) return homeDa - 200;
  return homeDa - 300;
}
