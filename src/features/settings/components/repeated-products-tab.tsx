/**
 * Prodotti ripetuti (document 3 §2.3): groups of products sharing a barcode, with merges. The screen belongs to
 * the warehouse feature, which has not landed yet; this tab will mount it (never a second copy). Until then it
 * says so plainly instead of showing an empty list that would look like "no duplicates".
 */
export default function RepeatedProductsTab() {
  return (
    <div className="settings-section">
      <h2>Prodotti ripetuti</h2>
      <p className="banner banner--warning">
        La ricerca dei prodotti ripetuti (stesso codice a barre) arriverà con la nuova gestione del magazzino. Per ora non è disponibile da qui.
      </p>
    </div>
  );
}
